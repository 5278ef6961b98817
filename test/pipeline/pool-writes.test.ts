/**
 * Issue 13 §3: the thread that makes a batch writes its --out files, and the auto executor starts
 * its pool early while this thread keeps working. Same bytes as writing here; a failed write is
 * reported as the system error it was, naming the file; the main thread gets no file texts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { AutoExecutor, InProcessExecutor, PoolExecutor, type Executor } from '../../src/pipeline/executor.ts';
import type { GenerateTask } from '../../src/pipeline/generate-batch.ts';
import { generateRun } from '../../src/pipeline/generate-run.ts';
import { writeFailureError } from '../../src/pipeline/out-dir.ts';
import { runTask, type Task, type TaskResult } from '../../src/pipeline/tasks.ts';
import { TOY_MODULE, toyKind } from './fixtures/toy-kind.ts';
import { dirBytes } from './fixtures/toy-run.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-pool-writes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const task = (over: Partial<GenerateTask>): GenerateTask => ({
  type: 'generate',
  kind: 'toy',
  kindModules: [TOY_MODULE],
  request: toyKind.parseRequest({}),
  runSeed: 'w',
  indices: [0, 1, 2],
  player: true,
  attempts: 3,
  fingerprint: true,
  ...over,
});

/** An executor that records what came back to this thread. */
function recording(inner: Executor): Executor & { texts: string[] } {
  const texts: string[] = [];
  return {
    parallelism: inner.parallelism,
    texts,
    async run<T extends Task>(t: T): Promise<TaskResult<T>> {
      const r = await inner.run(t);
      for (const o of r.outcomes as Array<{ ok: boolean; text?: string; playerText?: string }>) if (o.ok) texts.push((o.text ?? '') + (o.playerText ?? ''));
      return r;
    },
    close: () => inner.close(),
  };
}

describe('the thread that made a batch writes its files', () => {
  test('the same directory from the pool as from this thread, and no file text reaches this thread', async () => {
    const run = (dir: string, executor: Executor) =>
      generateRun({ kind: toyKind, request: toyKind.parseRequest({ failModulo: 5 }), seed: 'pw', count: 40, out: join(tmp, dir), player: true, executor, kindModules: [TOY_MODULE], targetMs: 0.001 });
    await run('here', new InProcessExecutor());
    const pool = recording(new PoolExecutor(2));
    try {
      await run('pool', pool);
    } finally {
      await pool.close();
    }
    expect(dirBytes(join(tmp, 'pool'))).toEqual(dirBytes(join(tmp, 'here')));
    expect(pool.texts.length).toBeGreaterThan(30);
    expect(pool.texts.every((t) => t === '')).toBe(true);
  });

  test('a write that fails comes back as data and is thrown again as the system error, naming the file', async () => {
    const missing = join(tmp, 'no-such-dir');
    const pool = new PoolExecutor(1);
    try {
      const r = await pool.run(task({ writeTo: { dir: missing, kind: 'toy', width: 6, player: false } }));
      expect(r.outcomes).toHaveLength(3); // one per index: the batch stops writing at its first failure
      expect(r.outcomes.every((o) => !o.ok && o.writeFailure)).toBe(true);
      const first = r.outcomes[0]!;
      expect(first.ok).toBe(false);
      const failure = !first.ok ? first.writeFailure : undefined;
      expect(failure).toMatchObject({ code: 'ENOENT', path: expect.stringContaining(join(missing, '.toy-000000.json.')) });
      expect(writeFailureError(failure!)).toMatchObject({ code: 'ENOENT', syscall: 'open', message: expect.stringContaining('ENOENT') });
    } finally {
      await pool.close();
    }
  });

  test('without writeTo the texts come back as before (NDJSON, the daily set)', () => {
    const r = runTask(task({}));
    expect(r.outcomes.every((o) => o.ok && o.text.startsWith('{') && o.written === undefined)).toBe(true);
  });
});

describe('the auto executor', () => {
  test('starts its pool once the estimated work left is worth it, not only after a second of work here', async () => {
    // 200 × 3 ms ≈ 0.6 s: far above the threshold given (10 ms), below ESCALATE_MS. The estimate is
    // CPU time, which a busy machine lowers (the toy's 3 ms are wall time), and before a second of
    // work only a fifth of it counts: at 50 ms this failed once in a full suite run on a loaded host
    const auto = new AutoExecutor(2, undefined, 200, 10);
    const out: string[] = [];
    await generateRun({ kind: toyKind, request: toyKind.parseRequest({ work: 3 }), seed: 'early', count: 200, executor: auto, kindModules: [TOY_MODULE], writeLine: (l) => void out.push(l) });
    expect(auto.pooled).toBe(true);
    await auto.close();
    const here: string[] = [];
    await generateRun({ kind: toyKind, request: toyKind.parseRequest({ work: 3 }), seed: 'early', count: 200, kindModules: [TOY_MODULE], writeLine: (l) => void here.push(l) });
    expect(out).toEqual(here);
  });

  test('a small run stays in this thread', async () => {
    const auto = new AutoExecutor(2, undefined, 20, 50);
    await generateRun({ kind: toyKind, request: toyKind.parseRequest({ work: 1 }), seed: 'small', count: 20, executor: auto, kindModules: [TOY_MODULE], writeLine: () => {} });
    expect(auto.pooled).toBe(false);
    await auto.close();
  });
});
