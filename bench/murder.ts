/**
 * Murder generator benchmark (issue 4): cases per second on one core, per size and level, plain
 * and robust; the share of clue deals that become a case (and why the others were rejected); the
 * clues per person. Each cell generates CASES cases REPEATS times (fresh seeds each time) after a
 * warm-up, and reports the median rate; CPU time of this thread is used, so other processes on a
 * shared machine disturb the figures less than wall time would.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CLUE_SETS, generateCase, LEVELS, type CaseRequest } from '../src/murder/generate.ts';
import { emptyStats, type SelectStats } from '../src/murder/select.ts';
import { buildCompiled, median, table } from './results.ts';

const SIZES = [4, 5, 6, 7, 8, 9];
const CASES = 40;
const REPEATS = 5;

interface Cell {
  rate: number;
  stats: SelectStats;
  failures: number;
  cluesPerPerson: number;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function measure(request: CaseRequest): Cell {
  const stats = emptyStats();
  const rates: number[] = [];
  let failures = 0, clues = 0, people = 0;
  for (let rep = 0; rep < REPEATS; rep++) {
    const t0 = cpuMs();
    let made = 0;
    for (let k = 0; k < CASES; k++) {
      try {
        const file = generateCase(request, `bench-${rep}-${k}`, stats);
        made++;
        for (const p of file.public.people) {
          people++;
          clues += p.clues.filter((c) => c.kind !== 'victim').length;
        }
      } catch {
        failures++;
      }
    }
    rates.push(made / Math.max((cpuMs() - t0) / 1000, 1e-9));
  }
  return { rate: median(rates), stats, failures, cluesPerPerson: clues / Math.max(people, 1) };
}

export async function run(): Promise<string> {
  for (const level of LEVELS) generateCase({ size: 6, level }, 'warm-up'); // JIT warm-up
  const sections: string[] = [];
  for (const robust of [false, true]) {
    const rows: Array<Array<string | number>> = [];
    for (const size of SIZES) {
      for (const level of LEVELS) {
        const cell = measure({ size, level, robust });
        const s = cell.stats;
        const pct = (x: number) => `${((100 * x) / Math.max(s.deals, 1)).toFixed(1)} %`;
        const row = [`${size}×${size}`, level, cell.rate.toFixed(0), (1000 / cell.rate).toFixed(2), pct(s.accepted), pct(s.cardsFull), pct(s.tooEasy)];
        if (robust) row.push(pct(s.notRobust));
        rows.push([...row, cell.failures, cell.cluesPerPerson.toFixed(2)]);
      }
    }
    sections.push(
      `### ${robust ? 'Robust cases (`--robust`, the daily set)' : 'Cases'}\n\n` +
        table(['size', 'level', 'cases/s (1 core)', 'ms/case', 'deals accepted', 'cards full', 'too easy', ...(robust ? ['not robust'] : []), 'failed requests', 'clues/person'], rows),
    );
  }
  return [
    '## Murder cases (`bench/murder.ts`)',
    '',
    `Median of ${REPEATS} runs of ${CASES} cases per cell, CPU time of one thread. A *deal* is one try at a clue set on a`,
    'cast (select.ts); "cards full" means the cards filled up before the capped prover could place everyone, "too easy"',
    'that the minimal set was solvable one tier lower, "not robust" that a misreading let in another solution.',
    '"failed requests" ran out of their budget (GenerationError).',
    'Targets (issue 4): 9×9 hard ≥ 50 cases/s, 6×6 any level ≥ 300 cases/s.',
    '',
    ...sections,
  ].join('\n');
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = ROOT + 'dist/cli/puzzlemill.js';
/** Cases per CLI run by clue set (a run takes a second or two of CPU), and runs per cell (fresh seeds each). */
const CLI_CASES: Readonly<Record<(typeof CLUE_SETS)[number], number>> = { sheet: 200, extended: 40 };
const CLI_REPEATS = 3;

interface Timing {
  /** Wall seconds of the whole process. */
  wall: number;
  /** CPU seconds (user + system) of the whole process, every thread. */
  cpu: number;
}

/** One whole `puzzlemill generate murder … -j 1` process, timed by bash's `time` (throws when it fails). */
function timed(args: string[]): Timing {
  const command = `TIMEFORMAT='%3R %3U %3S'; time ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} generate murder ${args.join(' ')} -j 1 > /dev/null 2> /dev/null`;
  const r = spawnSync('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8' });
  const [real, user, sys] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number) as [number, number, number];
  if (r.status !== 0 || !Number.isFinite(real)) throw new Error(`generate murder ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return { wall: real, cpu: user + sys };
}

/**
 * Issue 26 §5: the rate per size and level for both clue sets, as a user gets it: the compiled
 * CLI with one worker, whole process (start-up included), the median of a few runs. Wall time
 * is what a user waits on a quiet machine; on a shared one the process's CPU time (user + system,
 * every thread) is the steadier measure, so cases/s per core is the case count over CPU seconds.
 */
export async function runClueSets(): Promise<string> {
  buildCompiled();
  const load = loadavg();
  const starts = [0, 1, 2, 3, 4].map((k) => timed(['--size', '4', '--level', 'easy', '--count', '1', '--seed', `start-${k}`]));
  const start = { wall: median(starts.map((t) => t.wall)), cpu: median(starts.map((t) => t.cpu)) };
  const rows: Array<Array<string | number>> = [];
  for (const size of SIZES) {
    for (const level of LEVELS) {
      const row: Array<string | number> = [`${size}×${size}`, level];
      for (const clues of CLUE_SETS) {
        const n = CLI_CASES[clues];
        const runs = Array.from({ length: CLI_REPEATS }, (_, rep) =>
          timed(['--size', String(size), '--level', level, '--count', String(n), '--seed', `bench-${rep}`, '--clues', clues]));
        const wall = median(runs.map((t) => t.wall)), cpu = median(runs.map((t) => t.cpu));
        row.push((n / wall).toFixed(1), (n / cpu).toFixed(1), (((cpu - start.cpu) * 1000) / n).toFixed(1));
      }
      rows.push(row);
    }
  }
  return [
    '## Murder cases by clue set (`bench/murder.ts` runClueSets, issue 26)',
    '',
    `Whole processes of \`puzzlemill generate murder --size S --level L --count N --seed bench-R --clues C -j 1\` (the compiled`,
    `CLI), N = ${CLI_CASES.sheet} sheet / ${CLI_CASES.extended} extended cases, median of ${CLI_REPEATS} runs (R = 0…${CLI_REPEATS - 1}). "cases/s (wall)" = N / wall time;`,
    '"cases/s per core" = N / CPU time of the process (user + system, all threads: one worker, so about one core busy);',
    `both include the start-up (a one-case 4×4 easy run: ${start.wall.toFixed(2)} s wall, ${start.cpu.toFixed(2)} s CPU). "ms/case (CPU)" takes`,
    'that start-up off: the cost of one more case. Every case is re-checked from the file (prover in proof mode, counter).',
    `Load average ${load[0]!.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end (${cpus().length} cores): other jobs inflate wall times far more than CPU times.`,
    '',
    table(['size', 'level', 'sheet cases/s (wall)', 'sheet cases/s per core', 'sheet ms/case (CPU)', 'extended cases/s (wall)', 'extended cases/s per core', 'extended ms/case (CPU)'], rows),
  ].join('\n');
}
