/**
 * Self-play: two bots play a dealt game through the referee and the game becomes a record.
 * Game k of a run with seed S is dealt with the seed "S-k" and played with bot streams named
 * by (S, k, player), so a run writes the same records whatever else runs beside it.
 */
import { Rng } from '../../core/rng.ts';
import { createBot, type BotName, type BotOptions } from './bots.ts';
import { dealNumbridge, type DealOptions } from './deal.ts';
import { readNumbridgeDeal } from './files.ts';
import { entryOf, recordFile } from './record.ts';
import { applyMove, legalMoves, mustSkip } from './referee.ts';
import type { Variant } from './room.ts';
import type { NumbridgeDealFile, NumbridgeRecordFile, RecordEntry } from './schema.ts';
import { newGame, type GameState } from './state.ts';
import { playerView } from './view.ts';

export interface SelfplayOptions extends BotOptions {
  /** Player 1's and player 2's bot. */
  bots: readonly [BotName, BotName];
  /** Stop a game after this many moves (it stays unfinished); default 40 · N². */
  maxPlies?: number;
}

/** Play one dealt game; `rng` names the bots' streams. */
export function playGame(deal: NumbridgeDealFile, options: SelfplayOptions, seed: string): { record: NumbridgeRecordFile; final: GameState } {
  const { setup } = readNumbridgeDeal(deal, { source: deal.id });
  const bots = [createBot(options.bots[0], options), createBot(options.bots[1], options)] as const;
  const streams = [new Rng('numbridge-selfplay', seed, 1), new Rng('numbridge-selfplay', seed, 2)] as const;
  const maxPlies = options.maxPlies ?? 40 * setup.size * setup.size;
  let state = newGame(setup);
  const entries: RecordEntry[] = [];
  while (!state.result && state.ply < maxPlies) {
    const p = state.toMove;
    if (mustSkip(state)) {
      const r = applyMove(state, { kind: 'skip' }, 0);
      entries.push(entryOf(r.outcome, setup.size));
      state = r.state;
      continue;
    }
    const chosen = bots[p - 1]!.choose(playerView(state, p), legalMoves(state), streams[p - 1]!);
    const r = applyMove(state, chosen.move, chosen.used);
    entries.push(entryOf(r.outcome, setup.size));
    state = r.state;
  }
  const names = { '1': `${options.bots[0]} bot`, '2': `${options.bots[1]} bot` };
  return { record: recordFile(deal, entries, state.result, names), final: state };
}

export interface SelfplayRun extends SelfplayOptions {
  /** Variants, used in turn (game k plays variants[k mod length]). */
  variants: readonly Variant[];
  /** Board and room options for every deal (the variant is set per game). */
  deal?: Omit<DealOptions, 'variant'>;
}

/** Game k (1-based) of a run: its deal and its record. */
export function selfplayGame(run: SelfplayRun, seed: string, k: number): { record: NumbridgeRecordFile; final: GameState } {
  const variant = run.variants[(k - 1) % run.variants.length]!;
  const gameSeed = `${seed}-${k}`;
  const deal = dealNumbridge({ ...run.deal, variant }, gameSeed);
  return playGame(deal, run, gameSeed);
}
