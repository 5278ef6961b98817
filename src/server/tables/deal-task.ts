/**
 * Dealing a Numbridge table as a heavy task (src/server/heavy-tasks.ts runs it in a worker thread;
 * the service runs it in its own thread when it has no pool): the outcome is data, refusals
 * included, because an Error's class does not survive the trip between threads.
 */
import { GenerationError } from '../../core/errors.ts';
import { dealNumbridge, type DealOptions } from '../../games/numbridge/deal.ts';
import type { NumbridgeDealFile } from '../../games/numbridge/schema.ts';

export type { DealOptions };

/** A deal that cannot be met: the options (RangeError) or the generator's budget (GenerationError). */
export type DealOutcome = { ok: true; deal: NumbridgeDealFile } | { ok: false; why: 'options' | 'budget'; message: string };

export function dealTable(options: DealOptions, seed: string): DealOutcome {
  try {
    return { ok: true, deal: dealNumbridge(options, seed) };
  } catch (e) {
    if (e instanceof RangeError) return { ok: false, why: 'options', message: e.message };
    if (e instanceof GenerationError) return { ok: false, why: 'budget', message: e.message };
    throw e;
  }
}
