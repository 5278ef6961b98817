/**
 * Murder generator benchmark (issue 4): cases per second on one core, per size and level, plain
 * and robust; the share of clue deals that become a case (and why the others were rejected); the
 * clues per person. Each cell generates CASES cases REPEATS times (fresh seeds each time) after a
 * warm-up, and reports the median rate; CPU time of this thread is used, so other processes on a
 * shared machine disturb the figures less than wall time would.
 */
import { generateCase, LEVELS, type CaseRequest } from '../src/murder/generate.ts';
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
