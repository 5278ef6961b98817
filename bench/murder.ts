/**
 * Murder generator benchmark (issue 4): cases per second on one core, per size and level, plain
 * and robust; the share of clue deals that become a case (and why the others were rejected); the
 * clues per person. Each cell generates CASES cases REPEATS times (fresh seeds each time) after a
 * warm-up, and reports the median rate; CPU time of this thread is used, so other processes on a
 * shared machine disturb the figures less than wall time would.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLUE_SETS, generateCase, LEVELS, type CaseRequest } from '../src/murder/generate.ts';
import { emptyStats, type SelectStats } from '../src/murder/select.ts';
import { median, table } from './results.ts';

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
/** Cases per CLI run, and runs per cell (fresh seeds each run): a cell takes seconds. */
const CLI_CASES = 20;
const CLI_REPEATS = 3;

/** Wall seconds of one whole `puzzlemill generate murder … -j 1` process (throws when it fails). */
function wallSeconds(args: string[]): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, 'generate', 'murder', ...args, '-j', '1'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`generate murder ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return seconds;
}

/**
 * Issue 26 §5: the rate per size and level for both clue sets, as a user gets it: the compiled
 * CLI with one worker, whole-process wall time (start-up included), the median of a few runs of
 * CLI_CASES cases each. One core busy, so cases/s is per core.
 */
export async function runClueSets(): Promise<string> {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  const startup = median([0, 1, 2].map((k) => wallSeconds(['--size', '4', '--level', 'easy', '--count', '1', '--seed', `start-${k}`])));
  const rows: Array<Array<string | number>> = [];
  for (const size of SIZES) {
    for (const level of LEVELS) {
      const row: Array<string | number> = [`${size}×${size}`, level];
      for (const clues of CLUE_SETS) {
        const walls = Array.from({ length: CLI_REPEATS }, (_, rep) =>
          wallSeconds(['--size', String(size), '--level', level, '--count', String(CLI_CASES), '--seed', `bench-${rep}`, '--clues', clues]));
        const wall = median(walls);
        row.push(wall.toFixed(2), (CLI_CASES / wall).toFixed(1), (((wall - startup) * 1000) / CLI_CASES).toFixed(1));
      }
      rows.push(row);
    }
  }
  return [
    '## Murder cases by clue set (`bench/murder.ts` runClueSets, issue 26)',
    '',
    `Whole-process wall time of \`puzzlemill generate murder --size S --level L --count ${CLI_CASES} --seed bench-R --clues C -j 1\``,
    `(the compiled CLI), median of ${CLI_REPEATS} runs (R = 0…${CLI_REPEATS - 1}); cases/s = ${CLI_CASES} / wall, so it includes the`,
    `process start-up (${startup.toFixed(2)} s: the median wall time of a one-case 4×4 easy run). "ms/case" takes that start-up off.`,
    'One worker, so the rates are per core. Every case is re-checked from the file (prover in proof mode, counter) as always.',
    '',
    table(['size', 'level', 'sheet: wall s', 'sheet: cases/s', 'sheet: ms/case', 'extended: wall s', 'extended: cases/s', 'extended: ms/case'], rows),
  ].join('\n');
}
