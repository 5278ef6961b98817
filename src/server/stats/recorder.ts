/**
 * Who a request's player is, and recording what it did. A frontend may send a random id per
 * browser (`Puzzlemill-Player`); without one, or with an opt-out header (`Sec-GPC: 1`, the Global
 * Privacy Control, or `DNT: 1`), nothing is recorded. The id is stored only as a keyed hash
 * (play-store.ts); the address is never stored, only counted in memory (DEFAULT_PLAY_RATE).
 */
import type { FastifyBaseLogger } from 'fastify';
import { TokenBuckets, type CheckRate } from '../rate-limit.ts';
import type { PlayEvent, PlayStore } from './play-store.ts';
import { PLAYER_HEADER } from './schema.ts';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Plays one address may record: a burst of 240, then 120 a minute — a club evening of players
 * behind one router, not a script minting ids (beyond it a request is answered as usual and not
 * recorded, so the database and the figures stay bounded per address).
 */
export const DEFAULT_PLAY_RATE: CheckRate = { perMinute: 120, burst: 240 };

export class PlayRecorder {
  private readonly perAddress: TokenBuckets;

  constructor(
    private readonly store: PlayStore,
    private readonly now: () => number,
    /** false: play statistics are off (`serve --no-play-stats`), nothing is recorded. */
    private readonly enabled = true,
    rate: CheckRate = DEFAULT_PLAY_RATE,
  ) {
    this.perAddress = new TokenBuckets(rate, now);
  }

  /**
   * The request's stored player key on this puzzle, or null when it sent no id, asks not to be
   * tracked (its format is the route schema's), or the key cannot be had (logged: a player's check
   * must not fail for its statistics).
   */
  async playerOf(headers: Headers, puzzleId: string, log: FastifyBaseLogger): Promise<string | null> {
    const id = headers[PLAYER_HEADER];
    if (!this.enabled || typeof id !== 'string' || optedOut(headers)) return null;
    try {
      return await this.store.playerKey(id, puzzleId);
    } catch (e) {
      log.warn({ err: e }, 'play not recorded');
      return null;
    }
  }

  /**
   * Record an event of a player (null: nothing). A failure to record is logged, not answered:
   * a player's check must not fail because its statistics could not be written.
   */
  async record(player: string | null, puzzleId: string, event: PlayEvent, request: { ip: string; log: FastifyBaseLogger }): Promise<boolean> {
    if (player === null) return false;
    if (this.perAddress.wait(request.ip) > 0) return false;
    this.perAddress.spend(request.ip);
    const { log } = request;
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
