/**
 * The server's heavy requests as plain tasks — a puzzle to verify, a Numbridge table to deal, a
 * daily set to make — that run in a worker thread (heavy-work.ts), so one slow request never
 * stalls the event loop that answers everyone else. Pure dispatch: the outcome is data
 * (structured-clonable), including the refusals, because an Error's class does not survive the
 * trip between threads.
 */
import { GenerationError, InputError } from '../core/errors.ts';
import { loadKindModules } from '../kinds/kind-modules.ts';
import { makeDaily, type DailySlot } from '../pipeline/daily.ts';
import type { FingerprintEntry } from '../pipeline/schema.ts';
import { verifyInput, type VerifyInput, type VerifyReport } from '../pipeline/verify-batch.ts';
import { dealTable, type DealOptions, type DealOutcome } from './tables/deal-task.ts';

export type { DealOutcome };

/**
 * `kindModules`: the kind modules (file URLs) the server loaded, imported by the worker before the
 * task, so a club's own kind is verified and made in the pool as in the server's own thread.
 */
export type HeavyTask = (
  | { kind: 'verify'; input: VerifyInput; maxNodes: number; maxBranches?: number }
  | { kind: 'deal'; options: DealOptions; seed: string }
  | { kind: 'daily'; date: string; root: string; key: Uint8Array; stagePublic?: boolean; plan?: DailySlot[]; publishedElsewhere?: FingerprintEntry[] }
) & { kindModules?: readonly string[] };

/** A set made, or refused in one line (a bad date, another key's set, a corpus locked elsewhere, generators out of candidates). */
export type DailyOutcome = { ok: true; made: number; warnings: string[] } | { ok: false; message: string; warnings: string[] };

export type HeavyResult<T extends HeavyTask> = T extends { kind: 'verify' } ? VerifyReport : T extends { kind: 'deal' } ? DealOutcome : DailyOutcome;

export async function runHeavyTask(task: HeavyTask): Promise<VerifyReport | DealOutcome | DailyOutcome> {
  await loadKindModules(task.kindModules ?? []);
  switch (task.kind) {
    case 'verify':
      // concealed: the body may be a stored puzzle with a made-up secret, and the detailed words
      // ("secret places otto at [0, 0] but the solution has [1, 0]") would hand out its solution
      return verifyInput(task.input, { maxNodes: task.maxNodes, ...(task.maxBranches === undefined ? {} : { maxBranches: task.maxBranches }), conceal: true });
    case 'deal':
      return dealTable(task.options, task.seed);
    case 'daily': {
      const warnings: string[] = [];
      try {
        const result = await makeDaily({ date: task.date, root: task.root, key: task.key, stagePublic: task.stagePublic, ...(task.plan && { plan: task.plan }), ...(task.publishedElsewhere && { publishedElsewhere: task.publishedElsewhere }), workers: 1, kindModules: [...(task.kindModules ?? [])], onWarning: (line) => warnings.push(line) });
        return { ok: true, made: result.made, warnings };
      } catch (e) {
        if (e instanceof RangeError || e instanceof InputError || e instanceof GenerationError) return { ok: false, message: e.message, warnings };
        throw e;
      }
    }
  }
}
