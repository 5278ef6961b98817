/**
 * Pool scaling (issue 5): the same batch run in this thread, on a pool of one worker and on a
 * pool of two, on real work — verifying the 1,465 hard classics of top1465 (exact-cover count-to-2
 * plus the logic prover), and generating boards and cases with every kind that is registered.
 * Throughput is timed on a warm pool (threads started and modules loaded before the clock starts:
 * a long batch pays that once); the cold start is reported beside it. Median of REPEATS runs.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { kindNames, kindNamed } from '../src/kinds/registry.ts';
import { InProcessExecutor, PoolExecutor, type Executor } from '../src/pipeline/executor.ts';
import { generateRun } from '../src/pipeline/generate-run.ts';
import type { VerifyInput } from '../src/pipeline/verify-batch.ts';
import { verifyRun } from '../src/pipeline/verify-run.ts';
import { median, table } from './results.ts';

const REPEATS = 5;
const DATA = fileURLToPath(new URL('../test/data/classic/', import.meta.url));
const VERIFY_SETS = ['top1465.txt', 'forum-hardest-1106.txt'];

interface Workload {
  name: string;
  units: number;
  /** One timed run on an executor; returns the units done. */
  run: (executor: Executor) => Promise<number>;
  /** A few units, to load the modules in every worker before timing. */
  warm: (executor: Executor) => Promise<unknown>;
}

function verifyWorkload(): Workload {
  const inputs: VerifyInput[] = VERIFY_SETS.flatMap((set) =>
    readFileSync(DATA + set, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'))
      .map((line, i) => ({ where: { source: set, line: i + 1 }, line: line.trim().slice(0, 81) })),
  );
  const all = [...inputs, ...inputs, ...inputs, ...inputs];
  return {
    name: `verify top1465 + forum-hardest-1106 ×4 (${all.length} hard 9×9: count-to-2 + prover)`,
    units: all.length,
    run: async (executor) => {
      let n = 0;
      await verifyRun({ inputs: all, executor, emit: () => void n++ });
      return n;
    },
    warm: (executor) => verifyRun({ inputs: inputs.slice(0, 40), executor, emit: () => {} }),
  };
}

/** Generation workloads for the kinds that are registered (numbridge, murder once they exist). */
const GENERATE: Array<{ kind: string; request: Record<string, unknown>; count: number; label: string }> = [
  { kind: 'numbridge', request: { size: 9, blocks: 'regular', givens: 30 }, count: 2400, label: '9×9 regular, 30 givens' },
  { kind: 'numbridge', request: { size: 9, blocks: 'irregular', givens: 30 }, count: 2400, label: '9×9 irregular, 30 givens' },
  { kind: 'numbridge', request: { size: 6, blocks: 'regular', givens: 14 }, count: 25000, label: '6×6 Blitz, 14 givens' },
  { kind: 'murder', request: { size: 9, level: 'hard' }, count: 1200, label: '9×9 hard' },
  { kind: 'murder', request: { size: 6, level: 'medium', robust: true }, count: 3600, label: '6×6 medium robust' },
];

function generateWorkloads(): Workload[] {
  const known = new Set(kindNames());
  return GENERATE.filter((g) => known.has(g.kind)).map((g) => {
    const kind = kindNamed(g.kind);
    const request = kind.parseRequest(g.request);
    let rep = 0;
    return {
      name: `generate ${g.kind} ${g.label}`,
      units: g.count,
      run: async (executor) => {
        const s = await generateRun({ kind, request, seed: `bench-${rep++}`, count: g.count, executor, writeLine: () => {} });
        return s.made + s.failed.length;
      },
      warm: (executor) => generateRun({ kind, request, seed: 'warm', count: 8, executor, writeLine: () => {} }),
    };
  });
}

async function timed(w: Workload, executor: Executor): Promise<number> {
  const t0 = performance.now();
  const n = await w.run(executor);
  if (n !== w.units) throw new Error(`${w.name}: ${n} of ${w.units} units`);
  return (performance.now() - t0) / 1000;
}

async function coldStart(threads: number): Promise<number> {
  const t0 = performance.now();
  const pool = new PoolExecutor(threads);
  await Promise.all(
    Array.from({ length: threads }, () => verifyRun({ inputs: [{ where: { source: 'warm' }, line: '1'.repeat(1) }], executor: pool, emit: () => {} })),
  );
  const s = (performance.now() - t0) / 1000;
  await pool.close();
  return s;
}

/**
 * Scaling can only be seen on cores nobody else is using: wait (up to 2 minutes, holding the heavy
 * lock keeps other heavy jobs off) until the one-minute load average is below 1.5, and record the
 * load while measuring.
 */
async function quietMachine(): Promise<void> {
  const until = Date.now() + 2 * 60_000;
  while (loadavg()[0]! > 1.5 && Date.now() < until) await new Promise((r) => setTimeout(r, 5_000));
}

export async function run(): Promise<string> {
  await quietMachine();
  const loadBefore = loadavg()[0]!;
  const workloads = [verifyWorkload(), ...generateWorkloads()];
  const rows: Array<Array<string | number>> = [];
  const inProcess = new InProcessExecutor();
  const pool1 = new PoolExecutor(1);
  const pool2 = new PoolExecutor(2);
  // Warm both pools: threads up, tsx loaded, modules compiled.
  for (const w of workloads) {
    await w.warm(pool1);
    await w.warm(pool2);
  }
  try {
    for (const w of workloads) {
      const t = { in: [] as number[], p1: [] as number[], p2: [] as number[] };
      for (let r = 0; r < REPEATS; r++) {
        t.in.push(await timed(w, inProcess));
        t.p1.push(await timed(w, pool1));
        t.p2.push(await timed(w, pool2));
      }
      const rate = (s: number) => w.units / s;
      const [a, b, c] = [median(t.in), median(t.p1), median(t.p2)];
      const best = Math.min(...t.p1) / Math.min(...t.p2);
      rows.push([w.name, w.units, rate(a).toFixed(0), rate(b).toFixed(0), rate(c).toFixed(0), (b / c).toFixed(2) + '×', best.toFixed(2) + '×']);
    }
  } finally {
    await pool1.close();
    await pool2.close();
  }
  const loadAfter = loadavg()[0]!;
  const cold1 = await coldStart(1);
  const cold2 = await coldStart(2);
  return [
    '## Pool scaling',
    '',
    `Units per second, median of ${REPEATS} interleaved runs on a warm pool, each run 7–10 s on one worker; speed-up = 2 workers ÷`,
    '1 worker (target ≥ 1.8×), from the medians and from the fastest run of each (the least disturbed by other jobs on this',
    'shared machine). Short runs lose a little to the tail: a 9×9 hard murder case takes 9 ms at the median but 200 ms at the',
    "99th percentile, and the last one holds a worker while the other has nothing left; a production batch is far longer.",
    'Batches are sized by the scheduler to ≈50 ms of work each.',
    '',
    table(['workload', 'units', 'in-process /s', '1 worker /s', '2 workers /s', 'speed-up (medians)', 'speed-up (best runs)'], rows),
    '',
    `Cold start (threads up, tsx and the task modules loaded): ${cold1.toFixed(2)} s for 1 worker, ${cold2.toFixed(2)} s for 2.`,
    `One-minute load average ${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} after the timed runs (other jobs on the machine steal cores).`,
  ].join('\n');
}
