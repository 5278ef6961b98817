/**
 * Solver benchmark (issue 2): our exact-cover solver beside the fastest JS peers from npm, in one
 * process, on the classic sets, in count-to-2 mode (the uniqueness proof) and first-solution mode.
 * Peers are capped by time (some take seconds per hard puzzle); every answer is checked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Rng } from '../src/core/rng.ts';
import { IRREGULAR_FILL, randomSolution } from '../src/numbridge-board/fill.ts';
import { randomLayout } from '../src/numbridge-board/layouts.ts';
import { isSolutionOf } from '../src/sudoku/check.ts';
import { boardLine, parseLine } from '../src/sudoku/line-format.ts';
import { geometryFor } from '../src/sudoku/geometry.ts';
import type { Board } from '../src/sudoku/types.ts';
import { PEERS } from './peers.ts';
import { median, table } from './results.ts';
import { classicLines, fewGivensBoards, sixteenClueLines } from './sudoku-sets.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The library as a user installs it: the compiled package in dist/ (as the CLI rows run
 * dist/cli), not tsx's on-the-fly transform of src/, which runs some of it slower (the line
 * reader: 2.4 µs a 17-clue line under tsx, 1.1 µs compiled). src/ only when nothing is built.
 */
interface Library {
  solveMany: typeof import('../src/browser.ts').solveMany;
  solve: typeof import('../src/sudoku/solver.ts').solve;
  solverFor: typeof import('../src/sudoku/solver.ts').solverFor;
  geometryFor: typeof import('../src/sudoku/geometry.ts').geometryFor;
  from: string;
}
async function loadLibrary(): Promise<Library> {
  const dist = join(ROOT, 'dist');
  const compiled = existsSync(join(dist, 'browser.js'));
  const at = (path: string, ts: string) => (compiled ? pathToFileURL(join(dist, path)).href : new URL(ts, import.meta.url).href);
  const [browser, solver, geometry] = await Promise.all([
    import(at('browser.js', '../src/browser.ts')) as Promise<typeof import('../src/browser.ts')>,
    import(at('sudoku/solver.js', '../src/sudoku/solver.ts')) as Promise<typeof import('../src/sudoku/solver.ts')>,
    import(at('sudoku/geometry.js', '../src/sudoku/geometry.ts')) as Promise<typeof import('../src/sudoku/geometry.ts')>,
  ]);
  return { solveMany: browser.solveMany, solve: solver.solve, solverFor: solver.solverFor, geometryFor: geometry.geometryFor, from: compiled ? 'dist/ (compiled)' : 'src/ through tsx (nothing built)' };
}
const LIB = await loadLibrary();
const SETS: Array<[string, number]> = [['17-clue.txt', 10_000], ['top1465.txt', Infinity], ['forum-hardest-1106.txt', Infinity]];
const IRREGULAR_SET = 'irregular 9×9, 24–30 givens';
const IRREGULAR_BOARDS = 500;
/** Multi-solution sets (issue 32): few givens, several solutions, as `verify`, `import` and a carve meet them. */
const SIXTEEN_SET = '17-clue, one given removed (16)';
const SIXTEEN_LINES = 10_000;
const FEW_GIVENS_SET = 'regular 9×9, 20–24 givens';
const FEW_GIVENS_BOARDS = 2000;
/** Fresh processes for the cold-pass row. */
const COLD_RUNS = 5;
const PEER_CAP_MS = 10_000;
const REPEATS = 5;
/** Untimed passes of each of our rows before its timed runs. */
const WARM_PASSES = 5;
/** CPU milliseconds each of our rows is timed for, at least. */
const MIN_TIMED_MS = 2000;

/**
 * Random irregular 9×9 boards: a random hex-connected layout (the generator's), a random grid for
 * it (the generator's fill), 24–30 of its cells kept as givens (most have many solutions: count to 2 stops at the
 * second). Seeded, so every run times the same boards.
 */
function irregularBoards(count: number): Board[] {
  const boards: Board[] = [];
  for (let seed = 0; boards.length < count; seed++) {
    const rng = new Rng('bench-irregular', seed);
    const regions = randomLayout(9, rng);
    const grid = randomSolution(geometryFor(9, regions), rng, IRREGULAR_FILL); // the generator's fill
    if (!grid) continue; // a layout without a grid, or none found fast
    const keep = rng.range(24, 30);
    const cells = rng.shuffle(Array.from({ length: 81 }, (_, i) => i)).slice(0, keep);
    const givens = new Uint8Array(81);
    for (const c of cells) givens[c] = grid[c]!;
    boards.push({ size: 9, regions, givens });
  }
  return boards;
}

/**
 * tdoku (github.com/t-dillon/tdoku), the fastest native solver we know, as an optional peer: when
 * TDOKU_DIR names its source tree (fetched by whoever runs the bench, never a dependency) and g++
 * is there, bench/tdoku-driver.cc is compiled with its SIMD solver into a temporary folder. Null
 * (no rows) otherwise.
 */
function buildTdoku(dir: string): { binary: string; dir: string } | null {
  const source = process.env.TDOKU_DIR;
  if (!source || !existsSync(join(source, 'src/solver_dpll_triad_simd.cc'))) return null;
  const binary = join(dir, 'tdoku-driver');
  const r = spawnSync('g++', ['-O3', '-march=native', '-std=c++17', '-o', binary, join(ROOT, 'bench/tdoku-driver.cc'),
    join(source, 'src/solver_dpll_triad_simd.cc'), join(source, 'src/util.cc')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`compiling tdoku failed: ${r.stderr ?? r.error}`);
  return { binary, dir };
}

/** tdoku on one set's lines (count to `limit`): CPU time, median of REPEATS passes after one untimed. */
function runTdoku(tdoku: { binary: string; dir: string }, lines: string[], limit: number, unique: boolean): Outcome {
  const file = join(tdoku.dir, 'lines.txt');
  writeFileSync(file, lines.join('\n') + '\n');
  const r = spawnSync(tdoku.binary, [file, String(limit), String(REPEATS)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tdoku-driver failed: ${r.stderr}`);
  const o = JSON.parse(r.stdout) as { lines: number; solved: number; unique: number; usPerLine: number; guessesPerLine: number };
  const wrong = o.lines - (unique && limit === 2 ? o.unique : o.solved);
  return { solved: o.lines, ms: (o.usPerLine * o.lines) / 1000, nodes: o.guessesPerLine * o.lines, wrong, note: `native, CPU time, median of ${REPEATS}; nodes column: guesses` };
}

/** How a cold-pass process reads its lines (bench/solver-cold.mjs): all split up front, or sliced as the pass reaches them. */
type ColdReading = 'split' | 'stream';
interface ColdRow { reading: ColdReading; lines: number; coldUs: number; coldGcMs: number; warmUs: number; ratio: number; solved: boolean }

/**
 * One cold pass in a fresh process (bench/solver-cold.mjs, the compiled library): every 17-clue
 * line with its digits relabelled by a seeded permutation, so no line is one the process has seen;
 * then warm passes over the same lines in that process. Wall time, medians of COLD_RUNS processes
 * per way of reading, the two interleaved.
 */
function coldRuns(lines: string[]): ColdRow[] | null {
  const library = join(ROOT, 'dist/browser.js');
  if (!existsSync(library)) return null;
  const relabelled = lines.map((line, i) => {
    const digits = new Rng('bench-cold', i).shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    return line.replace(/[1-9]/g, (d) => String(digits[Number(d) - 1]));
  });
  const dir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const file = join(dir, 'lines.txt');
  writeFileSync(file, relabelled.join('\n') + '\n');
  type Run = { lines: number; solved: number; coldMs: number; coldGcMs: number; warmMs: number };
  const runs: Record<ColdReading, Run[]> = { split: [], stream: [] };
  try {
    for (let k = 0; k < COLD_RUNS; k++) {
      for (const reading of ['split', 'stream'] as const) {
        const r = spawnSync(process.execPath, [join(ROOT, 'bench/solver-cold.mjs'), pathToFileURL(library).href, file, '5', reading], { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`solver-cold.mjs failed: ${r.stderr}`);
        runs[reading].push(JSON.parse(r.stdout));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return (['split', 'stream'] as const).map((reading) => {
    const rs = runs[reading];
    const cold = median(rs.map((r) => r.coldMs));
    const warm = median(rs.map((r) => r.warmMs));
    return {
      reading, lines: lines.length, coldUs: (cold * 1000) / lines.length, coldGcMs: median(rs.map((r) => r.coldGcMs)), warmUs: (warm * 1000) / lines.length,
      ratio: median(rs.map((r) => r.coldMs / r.warmMs)), solved: rs.every((r) => r.solved === r.lines),
    };
  });
}

/** `puzzlemill solve --count FILE` as a user runs it: the whole process, wall time, median of 3. */
function cliRun(lines: string[]): { ms: number; ok: boolean; binary: string } {
  const compiled = join(ROOT, 'dist/cli/puzzlemill.js');
  const binary = existsSync(compiled) ? compiled : join(ROOT, 'src/cli/puzzlemill.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'bench-solver-'));
  const file = join(dir, 'puzzles.txt');
  writeFileSync(file, lines.join('\n') + '\n');
  const times: number[] = [];
  let ok = true;
  try {
    for (let rep = 0; rep < 3; rep++) {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [binary, 'solve', '--count', file], { encoding: 'utf8', maxBuffer: 1 << 26 });
      times.push(performance.now() - t0);
      ok &&= r.status === 0 && r.stdout.trim().split('\n').length === lines.length;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { ms: median(times), ok, binary: binary.slice(ROOT.length) };
}

type Mode = 'count2' | 'first';
interface Outcome { solved: number; ms: number; nodes?: number; wrong: number; note?: string }

/**
 * Milliseconds of CPU this process has used (user time): on a shared machine our rows measure our
 * work, not the other jobs' (wall time there varied 3× between identical runs).
 */
function cpuMs(): number {
  return process.cpuUsage().user / 1000;
}

type How = 'library' | 'board' | 'generic';
/**
 * Our solver three ways: the library call as a user makes it (`solveMany(lines, { limit })`:
 * reading each line included), the same on parsed boards (`solve(board)`), and forced onto the
 * generic search.
 */
const OUR_ROWS: Array<{ name: string; how: How }> = [
  { name: 'puzzlemill solveMany(lines)', how: 'library' },
  { name: 'puzzlemill solve(board)', how: 'board' },
  { name: 'puzzlemill (generic N×N search)', how: 'generic' },
];

/**
 * Our three rows on one set, timed in rounds (each round runs each row once, in turn) so that all
 * three see the same spells of the host's other work: on this shared machine a row timed on its
 * own for 2 s could land in a spell a third slower than the row after it, and the ratio between
 * two of our rows read 0.74 for one search.
 */
function timeOurs(lines: string[], boards: Board[], mode: Mode, unique: boolean): Outcome[] {
  const limit = mode === 'count2' ? 2 : 1;
  const one = (how: How, b: Board, limit: number) => (how === 'generic' ? LIB.solverFor(LIB.geometryFor(9, b.regions)).solveGeneric(b.givens, { limit }) : LIB.solve(b, { limit }));
  const pass = (how: How): number => {
    let nodes = 0;
    if (how === 'library') for (const r of LIB.solveMany(lines, { limit })) nodes += r.nodes;
    else for (const b of boards) nodes += one(how, b, limit).nodes;
    return nodes;
  };
  // Untimed passes first: the irregular set is the first use of the per-digit search and of
  // block-map lines, and 500 boards are too few for the JIT to settle within the timed runs
  // (the library row there read 24.8 µs a board timed cold, 15.4 µs warm in a driver; with
  // one pass it still read 34–39 µs where the boards row after it read 14–18).
  for (const { how } of OUR_ROWS) for (let k = 0; k < WARM_PASSES; k++) pass(how);
  const times: number[][] = OUR_ROWS.map(() => []);
  const nodes: number[] = OUR_ROWS.map(() => 0);
  // At least REPEATS rounds and MIN_TIMED_MS of the library row: a small set (375 boards, ~50 ms
  // a run) gets more rounds, so a burst of the host's other work moves the medians less.
  // The order turns each round, so no row always runs right after another one's garbage.
  for (let round = 0, spent = 0; times[0]!.length < REPEATS || spent < MIN_TIMED_MS; round++, spent += times[0]![times[0]!.length - 1]!) {
    for (let i = 0; i < OUR_ROWS.length; i++) {
      const k = (round + i) % OUR_ROWS.length;
      const t0 = cpuMs();
      nodes[k] = pass(OUR_ROWS[k]!.how);
      times[k]!.push(cpuMs() - t0);
    }
  }
  return OUR_ROWS.map(({ how }, k) => {
    // each row's answers checked through its own call, counting to 2 so uniqueness is checked too
    const answers = how === 'library' ? LIB.solveMany(lines, { limit: 2 }) : boards.map((b) => one(how, b, 2));
    let wrong = 0;
    answers.forEach((r, i) => {
      if (r.count === 0 || (unique && r.count !== 1) || !isSolutionOf(boards[i]!, r.solution!)) wrong++;
    });
    return { solved: boards.length, ms: median(times[k]!), nodes: nodes[k]!, wrong, note: `median of ${times[k]!.length}` };
  });
}

/** A peer's run in a worker thread, stopped after PEER_CAP_MS however long its current puzzle takes. */
function runPeer(peer: string, mode: Mode, lines: string[]): Promise<Outcome | null> {
  if (mode === 'count2' && !PEERS[peer]!.count2) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let last = { solved: 0, wrong: 0, ms: 0, done: false };
    const worker = new Worker(new URL('./peer-worker.mjs', import.meta.url), { workerData: { peer, mode, lines } });
    const finish = (capped: boolean) => {
      clearTimeout(timer);
      const outcome = { solved: last.solved, ms: capped ? Math.max(last.ms, PEER_CAP_MS) : last.ms, wrong: last.wrong,
        note: capped ? `stopped after ${PEER_CAP_MS / 1000} s` : 'one run' };
      // Our rows time this process's CPU, every thread's: the next row may start only once the
      // peer's thread is gone (a stopped peer's puzzle, its teardown and GC would count as ours).
      worker.terminate().then(() => resolve(outcome), reject);
    };
    const timer = setTimeout(() => finish(true), PEER_CAP_MS);
    worker.on('message', (m: typeof last) => {
      last = m;
      if (m.done) finish(false);
    });
    worker.on('error', reject);
  });
}

const PEER_NAMES = Object.keys(PEERS);

export async function run(): Promise<string> {
  const startLoad = loadavg()[0]!;
  const rows: Array<Array<string | number>> = [];
  const cliRows: Array<Array<string | number>> = [];
  const sets: Array<{ name: string; lines: string[]; boards: Board[]; peers: boolean }> = SETS.map(([file, limit]) => {
    const lines = classicLines(file).slice(0, limit);
    return { name: file, lines, boards: lines.map(parseLine), peers: true };
  });
  const irregular = irregularBoards(IRREGULAR_BOARDS);
  sets.push({ name: IRREGULAR_SET, lines: irregular.map((b) => boardLine(b)), boards: irregular, peers: false });
  const allSeventeen = classicLines('17-clue.txt');
  const sixteen = sixteenClueLines(allSeventeen.slice(0, SIXTEEN_LINES));
  sets.push({ name: SIXTEEN_SET, lines: sixteen, boards: sixteen.map(parseLine), peers: false });
  const few = fewGivensBoards(FEW_GIVENS_BOARDS);
  sets.push({ name: FEW_GIVENS_SET, lines: few.map((b) => boardLine(b)), boards: few, peers: false });
  const tdokuDir = mkdtempSync(join(tmpdir(), 'bench-tdoku-'));
  const tdoku = buildTdoku(tdokuDir);
  for (const { name, lines, boards, peers } of sets) {
    for (const mode of ['count2', 'first'] as Mode[]) {
      const mine = timeOurs(lines, boards, mode, peers);
      const myRate = (mine[0]!.solved / mine[0]!.ms) * 1000;
      mine.forEach((o, k) => rows.push(row(name, lines.length, mode, OUR_ROWS[k]!.name, o, k === 0 ? '1.00' : (myRate / ((o.solved / o.ms) * 1000)).toFixed(2))));
      if (tdoku && name !== IRREGULAR_SET) {
        const o = runTdoku(tdoku, lines, mode === 'count2' ? 2 : 1, peers);
        rows.push(row(name, lines.length, mode, 'tdoku (native, TDOKU_DIR)', o, (myRate / ((o.solved / o.ms) * 1000)).toFixed(2)));
      }
      if (!peers) continue; // the peers solve regular 9×9 only
      for (const peer of PEER_NAMES) {
        const o = await runPeer(peer, mode, lines);
        if (!o) {
          rows.push([name, lines.length, mode, peer, '—', '—', '—', '—', '—', '—', 'no count API']);
          continue;
        }
        const rate = (o.solved / o.ms) * 1000;
        rows.push(row(name, lines.length, mode, peer, o, rate > 0 ? (myRate / rate).toFixed(1) : '∞'));
      }
    }
    const cli = cliRun(lines);
    cliRows.push([name, lines.length, ((lines.length / cli.ms) * 1000).toFixed(0), (cli.ms / 1000).toFixed(2), cli.ok ? 'yes' : 'NO', cli.binary]);
  }
  rmSync(tdokuDir, { recursive: true, force: true });
  const cold = coldRuns(allSeventeen);
  return [
    '## Solver: puzzlemill vs npm peers',
    '',
    'count2 = count solutions up to 2 (the uniqueness proof), first = stop at the first solution.',
    '`solveMany(lines)` is the library call as a user makes it (each line read and checked);',
    `\`solve(board)\` starts from parsed boards. Our library is the package as installed: ${LIB.from}. Ratio = our library puzzles/s ÷ the row's.`,
    'Our rows are CPU time (user) of this process (the search runs on one thread; a stopped peer worker is gone before they run), timed in rounds that run each of our three rows once (the order turning each round), median of at least 5 rounds and 2 s of the first row after 5 untimed passes each; peers are wall time',
    'in a worker thread; the load average at the start is given below the table.',
    'dancing-links gets the 324-column matrix built per puzzle',
    '(building is part of solving a puzzle). Peers run in a worker thread and are stopped after',
    `${PEER_CAP_MS / 1000} s (rate = puzzles finished ÷ time used). Wrong = answers that are not a valid`,
    'solution (for sudoku-core: puzzles its logic could not finish or judge). The irregular set:',
    `${IRREGULAR_BOARDS} seeded random hex-connected 9×9 layouts, a random grid each, 24–30 givens kept`,
    '(most have many solutions); no npm peer solves irregular boards. The multi-solution sets',
    `(no peer runs them; most boards have several solutions, so "wrong" counts only invalid ones): the first ${SIXTEEN_LINES} 17-clue`,
    `lines with the given at index i mod 17 of line i removed, and ${FEW_GIVENS_BOARDS} seeded regular 9×9 boards, a random grid`,
    'each (the generator\'s fill), 20–24 givens kept.',
    tdoku
      ? 'tdoku rows: tdoku\'s SIMD solver (`TdokuSolverDpllTriadSimd`, count to 2 or 1, no solution asked for when counting to 2) built from TDOKU_DIR with `g++ -O3 -march=native` and run by bench/tdoku-driver.cc on the same lines in its own process, after our rows of the set; "ours/row" there is our speed as a share of tdoku\'s (0.50 = within 2× of it).'
      : 'No native peer in this run (set TDOKU_DIR to a tdoku source tree, github.com/t-dillon/tdoku, to add its rows).',
    '',
    table(['set', 'puzzles', 'mode', 'solver', 'solved', 'puzzles/s', 'µs/puzzle', 'nodes/puzzle', 'wrong', 'ours/row', 'note'], rows),
    '',
    `Load average (1 min) at the start: ${startLoad.toFixed(1)}, at the end: ${loadavg()[0]!.toFixed(1)}.`,
    '',
    '### The CLI: `puzzlemill solve --count FILE`',
    '',
    'Whole-process wall time (start-up, reading, counting to 2, printing), median of 3 runs.',
    '',
    table(['set', 'puzzles', 'puzzles/s', 'seconds', 'every line answered', 'binary'], cliRows),
    '',
    '### One cold pass in a fresh process',
    '',
    `All 17-clue lines, digits relabelled by a seeded permutation per line (no line seen before), \`solve(line, { limit: 2 })\` of the compiled library in a fresh \`node\` (bench/solver-cold.mjs): the first pass, then 5 warm passes over the same lines in that process; wall time, median of ${COLD_RUNS} processes per way of reading, interleaved. "split": the file split into lines before the first pass, so the scavenges that fall in that pass copy and promote all 49,158 of them (the GC column); "stream": each line sliced from the text as the pass reaches it, as a reader that streams its input (the CLI) meets them. cold ÷ warm is the median of the processes' own ratios. No native peer is built here: the cold pass is compared with our own warm figure.`,
    '',
    cold
      ? table(['set', 'lines read', 'lines', 'cold µs/line', 'GC in the cold pass, ms', 'warm µs/line', 'cold ÷ warm', 'every line solved'],
        cold.map((c) => ['17-clue, relabelled', c.reading, c.lines, c.coldUs.toFixed(2), c.coldGcMs.toFixed(1), c.warmUs.toFixed(2), c.ratio.toFixed(2), c.solved ? 'yes' : 'NO']))
      : 'Not measured: nothing is built (npm run build).',
  ].join('\n');
}

function row(file: string, total: number, mode: Mode, name: string, o: Outcome, ratio: string): Array<string | number> {
  if (o.solved === 0) return [file, total, mode, name, 0, '0', '—', '—', o.wrong, '—', o.note ?? ''];
  const rate = o.solved / (o.ms / 1000);
  return [file, total, mode, name, o.solved, rate.toFixed(0), ((o.ms * 1000) / o.solved).toFixed(1),
    o.nodes !== undefined ? (o.nodes / o.solved).toFixed(1) : '—', o.wrong, ratio, o.note ?? ''];
}
