/** The account of a run, for the summary line on stderr and for the library's callers. */
import type { RejectReason } from './generate-batch.ts';

/** Why a run stopped early: Ctrl-C, --max-seconds, or its first puzzles all failing. */
export type StopCause = 'signal' | 'time' | 'hopeless' | null;

export interface RunSummary {
  /** Puzzles this run (or shard) was asked for. */
  requested: number;
  /** Made in this run. */
  made: number;
  /** Already in --out DIR and kept. */
  resumed: number;
  /** Puzzles given up after every attempt seed (or a worker failing twice). */
  failed: Array<{ index: number; reason: string }>;
  /** Candidates thrown away, by reason (each was replaced by the next attempt seed). */
  rejected: Partial<Record<RejectReason, number>>;
  /** Batches retried after a worker threw or died. */
  retriedBatches: number;
  seconds: number;
  stopped: StopCause;
}

const REASON_TEXT: Record<RejectReason, string> = {
  budget: 'generator budget ran out',
  schema: 'failed schema',
  verify: 'failed verification',
};

/** `made 98 of 100 in 2.4 s (40.8/s); 3 resumed; rejected: 5 generator budget ran out; 2 failed` */
export function formatSummary(s: RunSummary): string {
  const rate = s.made / Math.max(s.seconds, 1e-9);
  const parts = [`made ${s.made} of ${s.requested} in ${s.seconds.toFixed(1)} s (${rate >= 100 ? rate.toFixed(0) : rate.toFixed(1)}/s)`];
  if (s.resumed > 0) parts.push(`${s.resumed} already there`);
  const rejected = (Object.keys(s.rejected) as RejectReason[]).filter((r) => (s.rejected[r] ?? 0) > 0);
  if (rejected.length > 0) parts.push('rejected: ' + rejected.map((r) => `${s.rejected[r]} ${REASON_TEXT[r]}`).join(', '));
  if (s.retriedBatches > 0) parts.push(`${s.retriedBatches} batch${s.retriedBatches === 1 ? '' : 'es'} retried after a worker failure`);
  if (s.failed.length > 0) parts.push(`${s.failed.length} failed`);
  if (s.stopped === 'signal') parts.push('interrupted');
  if (s.stopped === 'time') parts.push('stopped by --max-seconds');
  if (s.stopped === 'hopeless') parts.push(`gave up: the first ${s.failed.length} puzzles all failed`);
  return parts.join('; ');
}

export function addRejected(into: Partial<Record<RejectReason, number>>, from: Partial<Record<RejectReason, number>>): void {
  for (const [reason, n] of Object.entries(from) as Array<[RejectReason, number]>) into[reason] = (into[reason] ?? 0) + n;
}
