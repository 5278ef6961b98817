/**
 * Who a request's player is, and recording what it did. A frontend may send a random id per
 * browser (`Puzzlemill-Player`); without one, or with an opt-out header (`Sec-GPC: 1`, the Global
 * Privacy Control, or `DNT: 1`), nothing is recorded. The id is stored only as a keyed hash
 * (play-store.ts); the address is never stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PlayEvent, PlayStore } from './play-store.ts';
import { PLAYER_HEADER } from './schema.ts';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

export class PlayRecorder {
  constructor(
    private readonly store: PlayStore,
    private readonly now: () => number,
    /** false: play statistics are off (`serve --no-play-stats`), nothing is recorded. */
    private readonly enabled = true,
  ) {}

  /** The request's stored player key, or null when it sent no id or asks not to be tracked (its format is the route schema's). */
  async playerOf(headers: Headers): Promise<string | null> {
    const id = headers[PLAYER_HEADER];
    if (!this.enabled || typeof id !== 'string' || optedOut(headers)) return null;
    return this.store.playerKey(id);
  }

  /**
   * Record an event of a player (null: nothing). A failure to record is logged, not answered:
   * a player's check must not fail because its statistics could not be written.
   */
  async record(player: string | null, puzzleId: string, event: PlayEvent, log: FastifyBaseLogger): Promise<boolean> {
    if (player === null) return false;
    try {
      await this.store.record(puzzleId, player, this.now(), event);
      return true;
    } catch (e) {
      log.warn({ err: e }, 'play not recorded');
      return false;
    }
  }
}

/** Sec-GPC: 1 or DNT: 1: the browser's user asks not to be tracked. */
function optedOut(headers: Headers): boolean {
  return headers['sec-gpc'] === '1' || headers.dnt === '1';
}
