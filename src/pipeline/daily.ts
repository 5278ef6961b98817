/**
 * The daily set: one puzzle per slot of the plan. Each slot's run seed is a keyed derivation of
 * the date and the slot (HMAC-SHA-256 under the club's daily key, daily-key.ts), puzzle k = 0 of
 * the slot's request, except that a puzzle whose fingerprint was published on another day is
 * replaced by the slot's next candidate (k = 1, 2, …). So a date's set depends only on the key,
 * the date and what earlier days already used; without the key nobody can compute it, not even
 * with this code and the public folder.
 *
 *   corpus/daily/                         (the root: `daily --out ROOT`)
 *     public/2026-11-30/                  what may be published: nothing from which a solution follows
 *       index.json                        puzzlemill/daily-public-index: slot, kind, id, file, size, level, summary
 *       murder-4.player.json              player forms (no `secret`), for the frontend
 *       …
 *     secret/                             the club's only: solutions, seeds, fingerprints
 *       fingerprints.ndjson               every published puzzle's fingerprint (never repeat one)
 *       .lock                             while a job runs
 *       2026-11-30/
 *         index.json                      puzzlemill/daily-index: requests, seeds, fingerprints, key id
 *         murder-4.json                   the full file with `secret` (for the game server)
 *         …
 *
 * The public index leaves out seeds (they rebuild the solution), requests (with a seed they are
 * the recipe) and fingerprints (they identify a puzzle across days, which players need not know;
 * they are hashes of the public part, so they would not reveal solutions either).
 *
 * Rerunning a date keeps the files already there and valid (resume), and rewrites both indexes and
 * the fingerprints of that date atomically, under the corpus lock. A date made with another key
 * is refused rather than silently replaced by another set.
 */
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { validator } from '../core/schema.ts';
import { factsOf, type AnyKind, type PuzzleFile, type PuzzleRequest } from '../kinds/kind.ts';
import { kindNamed } from '../kinds/registry.ts';
import { ensureDir, syncDir, writeFileAtomic } from './atomic.ts';
import { executorFor, type Executor, type SyncGuard } from './executor.ts';
import { fingerprintOf, isAttemptSeed, type GenerateTask, type PuzzleOutcome } from './generate-batch.ts';
import { FingerprintIndex, INDEX_FILE, withCorpusLock } from './fingerprint-index.ts';
import { dailyKeyId, dailySlotSeed } from './daily-key.ts';
import { DailyIndex, DailyPublicIndex, type DailyEntry, type DailyPublicEntry, type FingerprintEntry } from './schema.ts';
import { DAILY_INDEX, DAILY_PUBLIC_INDEX } from '../core/formats.ts';
import { addDays, DEFAULT_PLAN, isDate, slotsFor, type DailySlot } from './daily-plan.ts';

export { addDays, isDate };

export type { DailySlot };

/** The default plan's slots on a date (DEFAULT_PLAN in daily-plan.ts). */
export function dailyPlan(date: string): DailySlot[] {
  return slotsFor(DEFAULT_PLAN, date);
}

/**
 * The 9×9 grade of the default plan on a date, the week's curve: 1 on Monday, 2 Tuesday–Wednesday,
 * 3 Thursday–Friday, 4 Saturday, 5 (extreme) on Sunday.
 */
export function weekdayGrade(date: string): number {
  return dailyPlan(date).find((s) => s.slot === 'numbridge-9-regular')!.request.grade as number;
}

/** Number of puzzles in every day's set. */
export const DAILY_SIZE = 10;

export interface DailyOptions {
  /** YYYY-MM-DD. */
  date: string;
  /** The daily corpus: ROOT/public/DATE/, ROOT/secret/DATE/ and ROOT/secret/fingerprints.ndjson. */
  root: string;
  /** The club's daily key (loadDailyKey). */
  key: Uint8Array;
  plan?: readonly DailySlot[];
  workers?: number;
  executor?: Executor;
  /** Around work done in this thread (the CLI hands signals back to their default action there). */
  syncGuard?: SyncGuard;
  kindModules?: string[];
  /** Candidates per slot before giving up (repeats and generator failures both use one). */
  maxCandidates?: number;
  /**
   * Write the public part to ROOT/staged/DATE/ rather than ROOT/public/DATE/: a set made before
   * its day (serve makes tomorrow's) must not sit in the folder the club publishes; `publishStaged`
   * moves it there on its day. A date already in public/ stays there.
   */
  stagePublic?: boolean;
  /**
   * Puzzles published from other daily folders (serve on PostgreSQL: the days every instance made,
   * from the database): never repeated, as this folder's own, but not written to its index.
   */
  publishedElsewhere?: readonly FingerprintEntry[];
  onWarning?: (line: string) => void;
  onProgress?: (done: number, total: number) => void;
}

export interface DailyResult {
  /** The secret index (secret/DATE/index.json). */
  index: DailyIndex;
  /** The public index (public/DATE/index.json). */
  publicIndex: DailyPublicIndex;
  publicDir: string;
  secretDir: string;
  /** Slots made in this run (the rest were already there). */
  made: number;
  seconds: number;
}

interface SlotState {
  slot: DailySlot;
  kind: AnyKind;
  request: PuzzleRequest;
  /** The slot's keyed run seed. */
  runSeed: string;
  k: number;
  entry?: DailyEntry;
  publicEntry?: DailyPublicEntry;
}

/** Where a date's files go under a daily root. */
export function dailyDirs(root: string, date: string): { publicDir: string; secretDir: string; secretRoot: string; stagedDir: string } {
  return { publicDir: join(root, 'public', date), secretDir: join(root, 'secret', date), secretRoot: join(root, 'secret'), stagedDir: join(root, 'staged', date) };
}

/**
 * Move a date's staged public part (a set made before its day) into ROOT/public/ — one rename, so
 * the published folder never holds half a set (across file systems: a copy beside it, then the
 * rename). True when something was moved.
 */
export function publishStaged(root: string, date: string): boolean {
  const { publicDir, stagedDir, secretDir } = dailyDirs(root, date);
  // a set whose making was interrupted (no secret index yet) is not published half-made
  if (!existsSync(stagedDir) || existsSync(publicDir) || !existsSync(join(secretDir, 'index.json'))) return false;
  ensureDir(dirname(publicDir));
  try {
    renameSync(stagedDir, publicDir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    // public/ on another file system (a web server's mount): copied beside, then renamed in place
    const copy = `${publicDir}.publishing`;
    rmSync(copy, { recursive: true, force: true });
    cpSync(stagedDir, copy, { recursive: true });
    renameSync(copy, publicDir);
    rmSync(stagedDir, { recursive: true, force: true });
  }
  syncDir(dirname(publicDir));
  return true;
}

/**
 * Remove the date's set from the daily folder — its public, staged and secret folders and its
 * lines in fingerprints.ndjson — for a set made but not to be served (serve on PostgreSQL: the
 * database refused it as a repeat, src/server/pg-daily.ts). Under the corpus lock. The secret
 * index goes first: interrupted, the date is a set not yet made (finished or remade by the next
 * run), never a made one that lacks files or fingerprints.
 */
export async function removeDay(root: string, date: string): Promise<void> {
  const { publicDir, secretDir, secretRoot, stagedDir } = dailyDirs(root, date);
  if (!existsSync(secretRoot)) return;
  await withCorpusLock(secretRoot, async () => {
    rmSync(join(secretDir, 'index.json'), { force: true });
    const index = FingerprintIndex.load(secretRoot);
    if (index.entriesOf(date).length > 0) index.replaceDate(date, []);
    for (const folder of [publicDir, stagedDir, secretDir]) rmSync(folder, { recursive: true, force: true });
    syncDir(secretRoot);
  });
}

/** Publish every staged set whose day has come (`today` or before), under the corpus lock; the dates published. */
export async function publishDue(root: string, today: string): Promise<string[]> {
  const staged = join(root, 'staged');
  if (!existsSync(staged)) return [];
  return withCorpusLock(dailyDirs(root, today).secretRoot, async () =>
    readdirSync(staged)
      .filter((date) => isDate(date) && date <= today)
      .sort()
      .filter((date) => publishStaged(root, date)),
  );
}



/**
 * A `--date` as a date: YYYY-MM-DD, or `today` / `tomorrow` in the machine's time zone (TZ), as
 * the default date, `serve` and its day-ahead worker count days: a "today" of another zone would
 * make (and publish) a day before its time; undefined when it is neither.
 */
export function dateArgument(text: string, now = new Date()): string | undefined {
  if (text === 'today' || text === 'tomorrow') return addDays(today(now), text === 'today' ? 0 : 1);
  return isDate(text) ? text : undefined;
}

/** Today in the local time zone (TZ), as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export async function makeDaily(o: DailyOptions): Promise<DailyResult> {
  const t0 = performance.now();
  if (!isDate(o.date)) throw new RangeError(`--date ${JSON.stringify(o.date)} is not a date (YYYY-MM-DD)`);
  const plan = o.plan ?? dailyPlan(o.date);
  const maxCandidates = o.maxCandidates ?? 20;
  const keyId = dailyKeyId(o.key);
  const states: SlotState[] = plan.map((slot) => {
    const kind = kindNamed(slot.kind);
    return { slot, kind, request: kind.parseRequest(slot.request), runSeed: dailySlotSeed(o.key, o.date, slot.slot), k: 0 };
  });
  const dirs = dailyDirs(o.root, o.date);
  const { secretDir, secretRoot } = dirs;
  const publicDir = o.stagePublic && !existsSync(dirs.publicDir) ? dirs.stagedDir : dirs.publicDir;
  if (existsSync(join(o.root, INDEX_FILE)) && !existsSync(join(secretRoot, INDEX_FILE))) {
    // the layout before public/ and secret/: starting afresh would forget what was published
    throw new RangeError(`${join(o.root, INDEX_FILE)}: a daily corpus of the old layout; move it to ${join(secretRoot, INDEX_FILE)} (and its DATE folders out of ${o.root}) first`);
  }
  return withCorpusLock(secretRoot, async () => {
    refuseOtherKey(join(secretDir, 'index.json'), keyId, o.date);
    refuseOtherPlan(join(secretDir, 'index.json'), states, o.date);
    ensureDir(secretDir);
    ensureDir(publicDir);
    // Only the owner may enter the secret side: its files (solutions, seeds) are then private
    // whatever their own modes, on a shared machine too.
    chmodSync(secretRoot, 0o700);
    const index = FingerprintIndex.load(secretRoot, o.publishedElsewhere);
    let made = 0;
    const accepted = new Set<string>();
    const progress = () => o.onProgress?.(states.filter((s) => s.entry).length, states.length);

    for (const s of states) {
      if (keepExisting(s, secretDir, publicDir, maxCandidates, index, o.date, accepted)) accepted.add(s.entry!.fingerprint);
    }
    progress();

    const executor = o.executor ?? executorFor(Math.min(o.workers ?? 1, states.filter((s) => !s.entry).length || 1), o.syncGuard);
    try {
      for (let round = 0; round < maxCandidates; round++) {
        const pending = states.filter((s) => !s.entry);
        if (pending.length === 0) break;
        const outcomes = await Promise.all(pending.map((s) => runOnce(executor, taskFor(s, o.kindModules ?? []))));
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
          writeSlot(s, outcome, secretDir, publicDir);
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
    const daily: DailyIndex = { format: DAILY_INDEX, version: 1, date: o.date, keyId, puzzles: states.map((s) => s.entry!) };
    const publicIndex: DailyPublicIndex = { format: DAILY_PUBLIC_INDEX, version: 1, date: o.date, puzzles: states.map((s) => s.publicEntry!) };
    if (!validator<DailyIndex>(DailyIndex)(daily)) throw new Error('daily index fails its own schema (a bug)');
    if (!validator<DailyPublicIndex>(DailyPublicIndex)(publicIndex)) throw new Error('daily public index fails its own schema (a bug)');
    writeFileAtomic(join(secretDir, 'index.json'), JSON.stringify(daily, null, 2) + '\n');
    writeFileAtomic(join(publicDir, 'index.json'), JSON.stringify(publicIndex, null, 2) + '\n');
    syncDir(secretDir);
    syncDir(publicDir);
    const fresh: FingerprintEntry[] = daily.puzzles.map((p) => ({ fingerprint: p.fingerprint, kind: p.kind, date: o.date, slot: p.slot, id: p.id }));
    index.replaceDate(o.date, fresh);
    syncDir(secretRoot);
    return { index: daily, publicIndex, publicDir, secretDir, made, seconds: (performance.now() - t0) / 1000 };
  });
}

/**
 * Refuse `key` when the date's existing set was made with another one (`serve` checks the sets it
 * would serve and make next: a changed key would serve old sets and make new days unlike them).
 */
export function assertSameDailyKey(root: string, date: string, key: Uint8Array): void {
  refuseOtherKey(join(dailyDirs(root, date).secretDir, 'index.json'), dailyKeyId(key), date);
}

/** A date whose secret index names another key: remaking it would replace a published set. */
function refuseOtherKey(path: string, keyId: string, date: string): void {
  const earlier = madeIndex(path);
  if (earlier?.keyId !== undefined && earlier.keyId !== keyId) {
    throw new RangeError(`${path}: ${date} was made with another daily key (key id ${earlier.keyId}, this key is ${keyId}); use that key, or remove the date's public, staged and secret folders to make a new set`);
  }
}

/**
 * A made date whose slots or requests differ from the plan's: remaking it would replace a set that
 * may be out, and drop its fingerprints, so its puzzles could come again on a later day.
 */
function refuseOtherPlan(path: string, states: readonly SlotState[], date: string): void {
  const earlier = madeIndex(path);
  if (!earlier) return;
  // slot, kind and request, the request's keys sorted: the same plan written in another order is the same plan
  const canonical = (request: object) => JSON.stringify(Object.fromEntries(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : 1))));
  const made = earlier.puzzles.map((p) => `${p.slot} ${p.kind} ${canonical(p.request)}`);
  const planned = states.map((s) => `${s.slot.slot} ${s.kind.name} ${canonical(s.request)}`);
  const differs = made.length !== planned.length || made.some((m, i) => m !== planned[i]);
  if (!differs) return;
  const odd = planned.find((p) => !made.includes(p)) ?? made.find((m) => !planned.includes(m));
  const what = odd ? `slot ${odd.split(' ')[0]} differs` : 'the slots\' order differs';
  throw new RangeError(`${path}: ${date} was made with another plan (${what}); make it with the plan it was made with, or remove the date's public, staged and secret folders to make a new set`);
}

/**
 * A date's secret index when its set was made (written last, so only a complete set has one):
 * undefined when it is missing, unreadable or fails its schema.
 */
export function madeIndex(path: string): DailyIndex | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined; // a new date (or an interrupted first run: its files are checked one by one)
  }
  let earlier: unknown;
  try {
    earlier = JSON.parse(text);
  } catch {
    return undefined;
  }
  return validator<DailyIndex>(DailyIndex)(earlier) ? earlier : undefined;
}

function taskFor(s: SlotState, kindModules: string[]): GenerateTask {
  return { type: 'generate', kind: s.kind.name, kindModules, request: s.request, runSeed: s.runSeed, indices: [s.k], player: true, attempts: 3, fingerprint: true };
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

function writeSlot(s: SlotState, outcome: Extract<PuzzleOutcome, { ok: true }>, secretDir: string, publicDir: string): void {
  const file = `${s.slot.slot}.json`;
  const playerFile = `${s.slot.slot}.player.json`;
  writeFileAtomic(join(publicDir, playerFile), outcome.playerText! + '\n');
  writeFileAtomic(join(secretDir, file), outcome.text + '\n');
  const full = JSON.parse(outcome.text) as PuzzleFile;
  s.entry = { slot: s.slot.slot, kind: s.kind.name, format: s.kind.format, request: s.request, file, playerFile, id: outcome.id, seed: outcome.seed, fingerprint: fingerprintOf(outcome), summary: outcome.summary };
  s.publicEntry = publicEntryOf(s, full, playerFile, outcome.summary);
}

/** The public index's line of a slot: only what the player form shows anyway. */
function publicEntryOf(s: SlotState, file: PuzzleFile, playerFile: string, summary: string): DailyPublicEntry {
  const { size, level } = factsOf(s.kind, file);
  return {
    slot: s.slot.slot,
    kind: s.kind.name,
    format: s.kind.format,
    id: file.id,
    file: playerFile,
    ...(size !== null ? { size } : {}),
    ...(level !== null ? { level } : {}),
    summary,
  };
}

/**
 * A slot's file from an earlier (interrupted or repeated) run of this date, kept when it is valid,
 * made from one of this slot's candidate seeds (so with this key), and not published on another
 * day; its player form is rewritten when it is missing or differs. True when kept.
 */
function keepExisting(s: SlotState, secretDir: string, publicDir: string, maxCandidates: number, index: FingerprintIndex, date: string, accepted: Set<string>): boolean {
  const file = `${s.slot.slot}.json`;
  let value: PuzzleFile;
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(secretDir, file), 'utf8'));
    if (!validator<PuzzleFile>(s.kind.schema)(parsed) || parsed.secret === undefined) return false;
    value = parsed;
  } catch {
    return false;
  }
  const seed = s.kind.seedOf(value);
  if (seed === undefined) return false;
  let k = 0;
  while (k < maxCandidates && !isAttemptSeed(seed, s.kind.puzzleSeed(s.runSeed, s.request, k))) k++;
  if (k === maxCandidates) return false;
  const verdict = s.kind.verify(value);
  const fingerprint = s.kind.fingerprint(value);
  if (verdict.problems.length > 0 || index.seenBefore(fingerprint, date) || accepted.has(fingerprint)) return false;
  const playerFile = `${s.slot.slot}.player.json`;
  const playerText = JSON.stringify(s.kind.playerForm(value)) + '\n';
  let current = '';
  try {
    current = readFileSync(join(publicDir, playerFile), 'utf8');
  } catch {
    /* written below */
  }
  if (current !== playerText) writeFileAtomic(join(publicDir, playerFile), playerText);
  s.k = k;
  s.entry = { slot: s.slot.slot, kind: s.kind.name, format: s.kind.format, request: s.request, file, playerFile, id: value.id, seed, fingerprint, summary: verdict.summary };
  s.publicEntry = publicEntryOf(s, value, playerFile, verdict.summary);
  return true;
}
