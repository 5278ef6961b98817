/**
 * Logic prover benchmark (issue 3): boards per second of `prove` in fast mode (no steps, as the
 * generator calls it) with the ladder capped at each tier, and with steps and texts collected;
 * the share of boards each cap solves; the share of each grade on the full ladder. Sets: the
 * classic 9×9 lists and boards generated here (unique, givens removed in random order down to a
 * floor), regular and irregular. Tier 5 (extreme) has its own section: one pass per set, the share
 * finished with a proof checkProof accepts, the median ms of a board that needs tier 5, what stays
 * beyond the ladder (by the tier it reached), and the coverage as the tier-5 rungs are added.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Rng } from '../src/core/rng.ts';
import { isSkippableLine, parseLine } from '../src/sudoku/line-format.ts';
import { checkProof } from '../src/sudoku/logic/check-proof.ts';
import { LADDER, prove, TIERS, type ProveOptions } from '../src/sudoku/logic/index.ts';
import { regularRegions } from '../src/sudoku/regions.ts';
import type { Board } from '../src/sudoku/types.ts';
import { irregularSolution, minimalPuzzle, randomSolution } from '../test/sudoku/logic/boards.ts';
import { median, table } from './results.ts';

const DATA = fileURLToPath(new URL('../test/data/classic/', import.meta.url));
const REPEATS = 5;
const GENERATED = 300;

function classic(file: string, limit: number): Board[] {
  return readFileSync(DATA + file, 'utf8').split('\n').filter((l) => !isSkippableLine(l)).slice(0, limit).map((l) => parseLine(l));
}

function generated(size: number, irregular: boolean, floor: number): Board[] {
  const boards: Board[] = [];
  for (let i = 0; i < GENERATED; i++) {
    const rng = new Rng('bench-prover', size, irregular ? 'irregular' : 'regular', i);
    const { regions, solution } = irregular ? irregularSolution(size, rng) : { regions: regularRegions(size), solution: randomSolution(size, regularRegions(size), rng)! };
    boards.push(minimalPuzzle(size, regions, solution, rng, floor));
  }
  return boards;
}

/** Median boards/s over REPEATS samples of ≥ 250 ms each (after a warm-up pass), and the share solved. */
function measure(boards: Board[], maxTier: number, collectSteps: boolean): { rate: number; solved: number } {
  let solved = 0;
  for (const b of boards) if (prove(b, { maxTier, collectSteps }).solved) solved++;
  const rates: number[] = [];
  for (let rep = 0; rep < REPEATS; rep++) {
    let done = 0;
    const t0 = performance.now();
    do {
      for (const b of boards) prove(b, { maxTier, collectSteps });
      done += boards.length;
    } while (performance.now() - t0 < 250);
    rates.push(done / ((performance.now() - t0) / 1000));
  }
  return { rate: median(rates), solved: solved / boards.length };
}

/** Median µs of the first prove on each board's layout (prover tables and state built then). */
function layoutSetup(boards: Board[]): number {
  const times = boards.map((b) => {
    const t0 = performance.now();
    prove({ ...b, givens: new Uint8Array(b.givens.length) }, { maxTier: 1, collectSteps: false });
    return (performance.now() - t0) * 1000;
  });
  return median(times);
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The tiers the speed table caps at: tier 5 is measured in one pass below (a rate over repeats
 * of the whole set would take minutes there). */
const SPEED_TIERS = TIERS.filter((t) => t.tier <= 4);

/** The whole ladder in fast mode, without the uniqueness rungs (the speed table, rung by rung). */
const FULL_LADDER: ProveOptions = { collectSteps: false };

interface Tier5Row {
  boards: number;
  finished: number;
  withTier5: number;
  accepted: number;
  tier5Ms: number[];
  beyond: Map<number, number>;
}

/**
 * One pass over a set: finished, finished with tier 5 (with its proof checked), ms, beyond.
 * `uniqueness`: the rungs that assume one solution allowed — every classic set's puzzles have
 * exactly one (the data tests count them), as judgeBoard would have shown first.
 */
function tier5Pass(boards: Board[], uniqueness: boolean): Tier5Row {
  const row: Tier5Row = { boards: boards.length, finished: 0, withTier5: 0, accepted: 0, tier5Ms: [], beyond: new Map() };
  for (const b of boards) {
    const t0 = performance.now();
    const r = prove(b, { ...FULL_LADDER, uniqueness });
    const ms = performance.now() - t0;
    if (!r.solved) {
      row.beyond.set(r.tier, (row.beyond.get(r.tier) ?? 0) + 1);
      continue;
    }
    row.finished++;
    if (r.tier < 5) continue;
    row.withTier5++;
    row.tier5Ms.push(ms);
    const full = prove(b, { ...FULL_LADDER, uniqueness, collectSteps: true });
    if (full.solved && checkProof(b, full.steps, { solutions: 1 }).failure === null) row.accepted++;
  }
  return row;
}

/** Share finished on the ladder up to tier 4 plus the first k tier-5 rungs, k = 0 … all. */
function rungByRung(boards: Board[]): Array<Array<string | number>> {
  const below = LADDER.filter((t) => t.tier >= 2 && t.tier <= 4).map((t) => t.id);
  const tier5 = LADDER.filter((t) => t.tier === 5).map((t) => t.id);
  const rows: Array<Array<string | number>> = [];
  for (let k = 0; k <= tier5.length; k++) {
    const techniques = [...below, ...tier5.slice(0, k)];
    let solved = 0;
    const t0 = performance.now();
    for (const b of boards) if (prove(b, { collectSteps: false, techniques }).solved) solved++;
    const ms = (performance.now() - t0) / boards.length;
    rows.push([k === 0 ? 'tiers 1–4' : `+ ${tier5[k - 1]}`, pct(solved / boards.length), ms.toFixed(1)]);
  }
  return rows;
}

/** Per board: the fast-mode ladder must finish within this (else "time cap"); its proof check within CHECK_CAP_MS. */
const NESTED_CAP_MS = 10_000;
const CHECK_CAP_MS = 60_000;

interface NestedRow {
  boards: number;
  finished: number;
  accepted: number;
  withNested: number;
  ms: number[];
  beyond: Map<number, number>;
  capped: number;
}

/**
 * forum-hardest with the last rung, nested forcing chains (asked for as judgeBoard does), uniqueness
 * allowed: one board at a time in a worker, stopped at NESTED_CAP_MS. ms: wall time of the fast
 * ladder on every board it finished or gave up on (capped boards count as the cap).
 */
async function nestedPass(lines: string[], uniqueness: boolean): Promise<NestedRow> {
  const row: NestedRow = { boards: lines.length, finished: 0, accepted: 0, withNested: 0, ms: [], beyond: new Map(), capped: 0 };
  let worker: Worker | null = null;
  const next = (w: Worker, cap: number): Promise<{ kind: string; solved?: boolean; tier?: number; ms?: number; nested?: number; accepted?: boolean } | null> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), cap);
      w.once('message', (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  for (const [i, line] of lines.entries()) {
    if (i % 25 === 0) process.stderr.write(`nested chains (uniqueness ${uniqueness}): board ${i + 1} of ${lines.length}, ${row.finished} finished\n`);
    worker ??= new Worker(new URL('./nested-worker.mjs', import.meta.url));
    const w: Worker = worker;
    const proved = next(w, NESTED_CAP_MS);
    w.postMessage({ line, uniqueness });
    const p = await proved;
    if (!p) {
      row.capped++;
      row.ms.push(NESTED_CAP_MS);
      await w.terminate();
      worker = null;
      continue;
    }
    row.ms.push(p.ms!);
    if (!p.solved) {
      row.beyond.set(p.tier!, (row.beyond.get(p.tier!) ?? 0) + 1);
      continue;
    }
    row.finished++;
    if (p.nested! > 0) row.withNested++;
    const checked = await next(w, CHECK_CAP_MS);
    if (checked?.accepted) row.accepted++;
    if (!checked) {
      await w.terminate();
      worker = null;
    }
  }
  await worker?.terminate();
  return row;
}

async function nestedSection(): Promise<string> {
  const lines = readFileSync(DATA + 'forum-hardest-1106.txt', 'utf8').split('\n').filter((l) => !isSkippableLine(l));
  const rows: Array<Array<string | number>> = [];
  for (const uniqueness of [true, false]) {
    const r = await nestedPass(lines, uniqueness);
    const sorted = r.ms.slice().sort((a, b) => a - b);
    const p90 = sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)]!;
    const beyond = [...r.beyond.entries()].sort((a, b) => a[0] - b[0]).map(([tier, k]) => `tier ${tier}: ${k}`);
    if (r.capped) beyond.push(`time cap: ${r.capped}`);
    rows.push([
      'forum-hardest-1106',
      uniqueness ? 'yes' : 'no',
      r.boards,
      pct(r.finished / r.boards),
      r.withNested,
      `${r.accepted} / ${r.finished} (${pct(r.accepted / r.boards)} of the set)`,
      median(r.ms).toFixed(0),
      p90.toFixed(0),
      `${r.boards - r.finished} (${beyond.join(', ') || '—'})`,
    ]);
  }
  return [
    'forum-hardest-1106 with the last rung, `nested-forcing-chain` (`prove(board, { nested: true })` in each board\'s own digits; judgeBoard, which now uses the rung by default,',
    `grades renamed digits; with and without the uniqueness rungs): one board at a time in a worker thread, stopped after ${NESTED_CAP_MS / 1000} s (fast mode); "proofs accepted":`,
    'the same with steps, replayed by `checkProof`; ms: fast-mode wall time per board on one core (a capped board counts as the cap).',
    '',
    table(['set', 'uniqueness', 'boards', 'finished', 'with a nested chain', 'proofs accepted', 'ms per board (median)', 'ms per board (p90)', 'beyond the ladder (tier reached)'], rows),
  ].join('\n');
}

/** Only the nested-chain table (`npx tsx bench/prover.ts nested`): the whole prover bench takes far longer. */
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'nested') console.log(await nestedSection());
/** The tier-5 tables without the nested pass (`npx tsx bench/prover.ts tier5`, a few minutes). */
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'tier5') console.log(await tier5Section(false));

async function tier5Section(withNested = true): Promise<string> {
  const sets: Array<[string, Board[]]> = [
    ['top1465', classic('top1465.txt', Infinity)],
    ['forum-hardest-1106', classic('forum-hardest-1106.txt', Infinity)],
    ['17-clue, first 5,000', classic('17-clue.txt', 5000)],
  ];
  const rows = sets.flatMap(([name, boards]) =>
    [true, false].map((uniqueness) => {
      const r = tier5Pass(boards, uniqueness);
      const beyond = [...r.beyond.entries()].sort((a, b) => a[0] - b[0]).map(([tier, k]) => `tier ${tier}: ${k}`).join(', ') || '—';
      return [
        name,
        uniqueness ? 'yes' : 'no',
        r.boards,
        pct(r.finished / r.boards),
        pct(r.withTier5 / r.boards),
        `${r.accepted} / ${r.withTier5}`,
        r.tier5Ms.length ? median(r.tier5Ms).toFixed(1) : '—',
        `${r.boards - r.finished} (${beyond})`,
      ];
    }),
  );
  return [
    '### Tier 5 (extreme): coverage and cost',
    '',
    'One pass of the whole ladder per board (fast mode; tier 5 = unique rectangles and BUG+1 (only with "uniqueness": the puzzle is known',
    'to have one solution), almost locked sets, grouped chains, nice loops, forcing chains). "with tier 5": finished and',
    'needing it; "proofs accepted": its proof with steps replayed by `checkProof`; ms: median wall time of `prove` on a board finished with',
    'tier 5, one core; "beyond": unique boards the ladder cannot finish, by the highest tier it used before stalling (tier 0: not even a',
    'single).',
    '',
    table(['set', 'uniqueness', 'boards', 'finished', 'with tier 5', 'proofs accepted', 'ms per tier-5 board (median)', 'beyond the ladder (tier reached)'], rows),
    '',
    'What stays beyond in this table: its forcing chains assume one candidate and follow singles, weak links and locked candidates',
    '(≤ 20 levels); they never assume a second thing inside a branch. forum-hardest boards are the ones solvers attack with exactly',
    'that (nested chains): on most of them no contradiction, cell or house forcing chain exists at all once tiers 1–4 stall (tier',
    'reached 0–2 above), and assuming candidates false as well adds nothing (measured on every 5th: 1 of 75 finished either way).',
    'The last rung, nested forcing chains, runs only on request (`nested: true`; not in this table, where no board of top1465 or',
    '17-clue would reach it anyway): forum-hardest with it is the last table of this section.',
    '',
    'top1465 as the tier-5 rungs are added in ladder order (share finished, mean ms per board):',
    '',
    table(['ladder', 'top1465 finished', 'ms/board'], rungByRung(sets[0]![1])),
    ...(withNested ? ['', await nestedSection()] : []),
  ].join('\n');
}
const per = (x: number) => Math.round(x).toLocaleString('en-US');

export async function run(): Promise<string> {
  const sets: Array<[string, Board[]]> = [
    ['top1465 (9×9)', classic('top1465.txt', Infinity)],
    ['17-clue, first 5,000 (9×9)', classic('17-clue.txt', 5000)],
    [`generated 9×9 regular, ≥ 30 givens (${GENERATED})`, generated(9, false, 30)],
    [`generated 9×9 irregular, ≥ 30 givens (${GENERATED})`, generated(9, true, 30)],
    [`generated 6×6 Blitz, ≥ 14 givens (${GENERATED})`, generated(6, false, 14)],
  ];
  const setup = layoutSetup(sets[3]![1]);
  const caps = SPEED_TIERS.map((t) => t.tier);
  const speed: Array<Array<string | number>> = [];
  const grades: Array<Array<string | number>> = [];
  for (const [name, boards] of sets) {
    const row: Array<string | number> = [name];
    for (const cap of caps) {
      const m = measure(boards, cap, false);
      row.push(`${per(m.rate)} (${pct(m.solved)})`);
    }
    row.push(per(measure(boards, 4, true).rate));
    speed.push(row);
    const counts = new Array<number>(TIERS.length + 1).fill(0);
    for (const b of boards) {
      const r = prove(b, FULL_LADDER);
      counts[r.solved ? Math.max(1, r.tier) - 1 : TIERS.length]!++;
    }
    grades.push([name, ...counts.map((k) => pct(k / boards.length))]);
  }
  const givens = (b: Board) => b.givens.reduce((k, d) => k + (d ? 1 : 0), 0);
  const gen = sets.slice(2).map(([name, boards]) => `${name}: median ${median(boards.map(givens))} givens`).join('; ');
  return [
    '## Logic prover',
    '',
    '`prove(board, { maxTier, collectSteps: false })` boards per second on one core (median of ' +
      `${REPEATS} samples of ≥ 250 ms), with the share of boards the capped ladder solves; the last column collects ` +
      'every step with its German and English sentence (tiers ≤ 4; tier 5 below).',
    '',
    table(['set', ...SPEED_TIERS.map((t) => `tier ≤ ${t.tier} (${t.name})`), 'tier ≤ 4, with steps'], speed),
    '',
    'Share of each grade on the full ladder ("not guess-free": the ladder stalls).',
    '',
    table(['set', ...TIERS.map((t) => t.name), 'not guess-free'], grades),
    '',
    `Generated boards: givens removed in random order while the board stays unique, down to the floor (${gen}).`,
    `A new irregular 9×9 layout costs the prover ${setup.toFixed(0)} µs once (median; its tables and state), on top of the layout's Geometry.`,
    '',
    await tier5Section(),
  ].join('\n');
}
