/**
 * The daily set: one puzzle per slot of the plan, each derived from the date alone (run seed
 * `daily/DATE`, puzzle k = 0 of the slot's request), except that a puzzle whose fingerprint was
 * published on another day is replaced by the slot's next candidate (k = 1, 2, …). So a date's set
 * depends only on the date and on what earlier days already used.
 *
 *   corpus/daily/
 *     fingerprints.ndjson        every published puzzle's fingerprint (never repeat one)
 *     2026-11-30/
 *       index.json               the day's puzzles (puzzlemill/daily-index)
 *       murder-4.json            a puzzle file with secret (for the game server)
 *       murder-4.player.json     its player form (for the frontend)
 *       …
 *
 * Rerunning a date keeps the files already there and valid (resume), and rewrites the index and
 * the fingerprints of that date atomically, under the corpus lock.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { validator } from '../core/schema.ts';
import type { AnyKind, PuzzleFile, PuzzleRequest } from '../kinds/kind.ts';
import { kindNamed } from '../kinds/registry.ts';
import { ensureDir, syncDir, writeFileAtomic } from './atomic.ts';
import { executorFor, type Executor } from './executor.ts';
import { fingerprintOf, isAttemptSeed, type GenerateTask, type PuzzleOutcome } from './generate-batch.ts';
import { FingerprintIndex, withCorpusLock } from './fingerprint-index.ts';
import { DailyIndex, type DailyEntry, type FingerprintEntry } from './schema.ts';

/** One place in the daily set. */
export interface DailySlot {
  slot: string;
  kind: string;
  request: Record<string, string | number | boolean>;
}

/**
 * The club's daily set. Murder cases for every size, robust to the known misreadings, one level
 * up every two sizes (small boards cannot carry hard deductions); Numbridge boards at the
 * standard givens — 30 on 9×9 (37 % of the cells) and 14 on Blitz 6×6 (39 %). The 9×9 boards
 * follow the week, as daily puzzle columns do: easy on Monday and Tuesday, medium on Wednesday
 * and Thursday, hard on Friday and Saturday, fiendish on Sunday (at 30 givens every grade is
 * reached for every seed tried; random boards would be 86 % easy). Blitz boards, a fast game,
 * take whatever guess-free grade comes (the file states it).
 */
export function dailyPlan(date: string): DailySlot[] {
  const grade = weekdayGrade(date);
  return [
    { slot: 'murder-4', kind: 'murder', request: { size: 4, level: 'easy', robust: true } },
    { slot: 'murder-5', kind: 'murder', request: { size: 5, level: 'easy', robust: true } },
    { slot: 'murder-6', kind: 'murder', request: { size: 6, level: 'medium', robust: true } },
    { slot: 'murder-7', kind: 'murder', request: { size: 7, level: 'medium', robust: true } },
    { slot: 'murder-8', kind: 'murder', request: { size: 8, level: 'hard', robust: true } },
    { slot: 'murder-9', kind: 'murder', request: { size: 9, level: 'hard', robust: true } },
    { slot: 'numbridge-9-regular', kind: 'numbridge', request: { size: 9, blocks: 'regular', givens: 30, grade } },
    { slot: 'numbridge-9-irregular', kind: 'numbridge', request: { size: 9, blocks: 'irregular', givens: 30, grade } },
    { slot: 'numbridge-6-regular', kind: 'numbridge', request: { size: 6, blocks: 'regular', givens: 14 } },
    { slot: 'numbridge-6-irregular', kind: 'numbridge', request: { size: 6, blocks: 'irregular', givens: 14 } },
  ];
}

/** The 9×9 grade of a date's set: 1 on Monday and Tuesday, 2 Wednesday–Thursday, 3 Friday–Saturday, 4 Sunday. */
export function weekdayGrade(date: string): number {
  const weekday = new Date(date + 'T00:00:00Z').getUTCDay(); // 0 = Sunday
  return [4, 1, 1, 2, 2, 3, 3][weekday]!;
}

/** Number of puzzles in every day's set. */
export const DAILY_SIZE = 10;

export interface DailyOptions {
  /** YYYY-MM-DD. */
  date: string;
  /** The day's directory; the fingerprint index lives in its parent (the corpus). */
  dir: string;
  plan?: readonly DailySlot[];
  workers?: number;
  executor?: Executor;
  kindModules?: string[];
  /** Candidates per slot before giving up (repeats and generator failures both use one). */
  maxCandidates?: number;
  onWarning?: (line: string) => void;
  onProgress?: (done: number, total: number) => void;
}

export interface DailyResult {
  index: DailyIndex;
  /** Slots made in this run (the rest were already there). */
  made: number;
  seconds: number;
}

interface SlotState {
  slot: DailySlot;
  kind: AnyKind;
  request: PuzzleRequest;
  k: number;
  entry?: DailyEntry;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(text + 'T00:00:00Z');
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Today in the local time zone (TZ), as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function dailyRunSeed(date: string): string {
  return `daily/${date}`;
}

export async function makeDaily(o: DailyOptions): Promise<DailyResult> {
  const t0 = performance.now();
  if (!isDate(o.date)) throw new RangeError(`--date ${JSON.stringify(o.date)} is not a date (YYYY-MM-DD)`);
  const plan = o.plan ?? dailyPlan(o.date);
  const maxCandidates = o.maxCandidates ?? 20;
  const runSeed = dailyRunSeed(o.date);
  const states: SlotState[] = plan.map((slot) => {
    const kind = kindNamed(slot.kind);
    return { slot, kind, request: kind.parseRequest(slot.request), k: 0 };
  });
  const corpus = dirname(o.dir);
  return withCorpusLock(corpus, async () => {
    ensureDir(o.dir);
    const index = FingerprintIndex.load(corpus);
    let made = 0;
    const accepted = new Set<string>();
    const progress = () => o.onProgress?.(states.filter((s) => s.entry).length, states.length);

    for (const s of states) {
      const kept = keepExisting(s, o.dir, runSeed, maxCandidates, index, o.date, accepted);
      if (kept) {
        s.entry = kept;
        accepted.add(kept.fingerprint);
      }
    }
    progress();

    const executor = o.executor ?? executorFor(Math.min(o.workers ?? 1, states.filter((s) => !s.entry).length || 1));
    try {
      for (let round = 0; round < maxCandidates; round++) {
        const pending = states.filter((s) => !s.entry);
        if (pending.length === 0) break;
        const outcomes = await Promise.all(pending.map((s) => runOnce(executor, taskFor(s, runSeed, o.kindModules ?? []))));
        for (const [i, s] of pending.entries()) {
          const outcome = outcomes[i]!;
          if (!outcome.ok) {
            o.onWarning?.(`${s.slot.slot}: candidate ${s.k} failed (${outcome.reason}); trying the next`);
            s.k++;
            continue;
          }
          const fingerprint = fingerprintOf(outcome);
          const earlier = index.seenBefore(fingerprint, o.date);
          if (earlier || accepted.has(fingerprint)) {
            const when = earlier ? `${earlier.date} ${earlier.slot}` : 'another slot today';
            o.onWarning?.(`${s.slot.slot}: candidate ${s.k} repeats ${when}; trying the next`);
            s.k++;
            continue;
          }
          s.entry = writeSlot(s, outcome, o.dir);
          accepted.add(fingerprint);
          made++;
          progress();
        }
      }
    } finally {
      if (!o.executor) await executor.close();
    }
    const missing = states.filter((s) => !s.entry);
    if (missing.length > 0) {
      throw new RangeError(`daily ${o.date}: no new puzzle for ${missing.map((s) => s.slot.slot).join(', ')} within ${maxCandidates} candidates`);
    }
    const daily: DailyIndex = { format: 'puzzlemill/daily-index', version: 1, date: o.date, puzzles: states.map((s) => s.entry!) };
    const indexPath = join(o.dir, 'index.json');
    if (!validator<DailyIndex>(DailyIndex)(daily)) throw new Error('daily index fails its own schema (a bug)');
    writeFileAtomic(indexPath, JSON.stringify(daily, null, 2) + '\n');
    syncDir(o.dir);
    const fresh: FingerprintEntry[] = daily.puzzles.map((p) => ({ fingerprint: p.fingerprint, kind: p.kind, date: o.date, slot: p.slot, id: p.id }));
    index.replaceDate(o.date, fresh);
    syncDir(corpus);
    return { index: daily, made, seconds: (performance.now() - t0) / 1000 };
  });
}

function taskFor(s: SlotState, runSeed: string, kindModules: string[]): GenerateTask {
  return { type: 'generate', kind: s.kind.name, kindModules, request: s.request, runSeed, indices: [s.k], player: true, attempts: 3, fingerprint: true };
}

/** One puzzle on the executor; a worker that throws or dies gets one retry. */
async function runOnce(executor: Executor, task: GenerateTask): Promise<PuzzleOutcome> {
  let result;
  try {
    result = await executor.run(task);
  } catch {
    result = await executor.run(task);
  }
  return result.outcomes[0]!;
}

function writeSlot(s: SlotState, outcome: Extract<PuzzleOutcome, { ok: true }>, dir: string): DailyEntry {
  const file = `${s.slot.slot}.json`;
  const playerFile = `${s.slot.slot}.player.json`;
  writeFileAtomic(join(dir, playerFile), outcome.playerText! + '\n');
  writeFileAtomic(join(dir, file), outcome.text + '\n');
  return {
    slot: s.slot.slot,
    kind: s.kind.name,
    format: s.kind.format,
    request: s.request,
    file,
    playerFile,
    id: outcome.id,
    seed: outcome.seed,
    fingerprint: fingerprintOf(outcome),
    summary: outcome.summary,
  };
}

/**
 * A slot's file from an earlier (interrupted or repeated) run of this date, kept when it is valid,
 * made from one of this slot's candidate seeds, and not published on another day.
 */
function keepExisting(
  s: SlotState,
  dir: string,
  runSeed: string,
  maxCandidates: number,
  index: FingerprintIndex,
  date: string,
  accepted: Set<string>,
): DailyEntry | undefined {
  const file = `${s.slot.slot}.json`;
  let value: PuzzleFile;
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (!validator<PuzzleFile>(s.kind.schema)(parsed) || parsed.secret === undefined) return undefined;
    value = parsed;
  } catch {
    return undefined;
  }
  const seed = s.kind.seedOf(value);
  if (seed === undefined) return undefined;
  let k = 0;
  while (k < maxCandidates && !isAttemptSeed(seed, s.kind.puzzleSeed(runSeed, s.request, k))) k++;
  if (k === maxCandidates) return undefined;
  const verdict = s.kind.verify(value);
  const fingerprint = s.kind.fingerprint(value);
  if (verdict.problems.length > 0 || index.seenBefore(fingerprint, date) || accepted.has(fingerprint)) return undefined;
  const playerFile = `${s.slot.slot}.player.json`;
  const playerText = JSON.stringify(s.kind.playerForm(value)) + '\n';
  let current = '';
  try {
    current = readFileSync(join(dir, playerFile), 'utf8');
  } catch {
    /* written below */
  }
  if (current !== playerText) writeFileAtomic(join(dir, playerFile), playerText);
  s.k = k;
  return { slot: s.slot.slot, kind: s.kind.name, format: s.kind.format, request: s.request, file, playerFile, id: value.id, seed, fingerprint, summary: verdict.summary };
}
