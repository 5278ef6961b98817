/**
 * --max-seconds between attempts (issue 17, defect 18): the deadline travels in the task, so a
 * worker stops between the attempts of one index instead of running all of them past it. A
 * stopped index is neither made nor failed: the manifest says incomplete and a rerun makes it.
 * Inside one attempt a kind may stop too (`generate`'s stop check; Numbridge asks it per removal order).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PoolExecutor } from '../../src/pipeline/executor.ts';
import { runGenerateBatch } from '../../src/pipeline/generate-batch.ts';
import { generateRun } from '../../src/pipeline/generate-run.ts';
import type { RunManifest } from '../../src/pipeline/schema.ts';
import { STALL_MODULE, stallKind } from './fixtures/stall-kind.ts';
import { TOY_MODULE, toyKind } from './fixtures/toy-kind.ts';
import { numbridgeKind } from '../../src/kinds/numbridge.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-deadline-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// 400 attempts of 20 ms: 8 s for index 0 alone when the deadline is checked only between batches.
const stalled = { kind: stallKind, request: stallKind.parseRequest({ work: 20 }), seed: 'slow', count: 3, attempts: 400, maxSeconds: 0.3, kindModules: [STALL_MODULE] };

describe('the deadline is checked between attempts', () => {
  test('in this thread: a stalled index stops at the deadline, not after its 400 attempts', async () => {
    const dir = join(tmp, 'in-thread');
    const summary = await generateRun({ ...stalled, out: dir });
    expect(summary.stopped).toBe('time');
    expect(summary.made).toBe(0);
    expect(summary.failed).toEqual([]); // not given up: stopped, and made again on a rerun
    expect(summary.rejected.budget).toBeGreaterThan(0);
    expect(summary.rejected.budget).toBeLessThan(200); // ≈ 0.3 s / 20 ms, far from 400
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as RunManifest;
    expect(manifest).toMatchObject({ complete: false, puzzles: [], failed: [] });
  });

  test('in a worker thread: the task carries the deadline', async () => {
    const pool = new PoolExecutor(2);
    try {
      // started and warm first: thread start-up is not what this measures
      await Promise.all([0, 1].map(() => pool.run({ type: 'generate', kind: 'stall', kindModules: [STALL_MODULE], request: stalled.request, runSeed: 'w', indices: [0], player: false, attempts: 1, fingerprint: false })));
      const out: string[] = [];
      const summary = await generateRun({ ...stalled, maxSeconds: 0.5, executor: pool, writeLine: (l) => void out.push(l) });
      expect(summary.stopped).toBe('time');
      expect(out).toEqual([]);
      expect(summary.failed).toEqual([]);
      expect(summary.rejected.budget).toBeGreaterThan(0);
      expect(summary.rejected.budget).toBeLessThan(400);
    } finally {
      await pool.close();
    }
  });

  test('a batch past its deadline returns its indices unfinished, and without a deadline nothing changes', () => {
    const task = { type: 'generate' as const, kind: 'toy', kindModules: [TOY_MODULE], request: toyKind.parseRequest({}), runSeed: 'd', indices: [0, 1, 2], player: false, attempts: 3, fingerprint: false };
    const past = runGenerateBatch({ ...task, deadline: Date.now() - 1 });
    expect(past.outcomes.map((o) => !o.ok && o.stopped)).toEqual([true, true, true]);
    const free = runGenerateBatch(task);
    const later = runGenerateBatch({ ...task, deadline: Date.now() + 60_000 });
    expect(later.outcomes).toEqual(free.outcomes);
    expect(free.outcomes.every((o) => o.ok)).toBe(true);
  });

  test('inside one attempt too: a Numbridge practice board that takes minutes stops at the next removal order', () => {
    // 6×6 grouped-aic: no board in the bench's 3 seeds (minutes each); the stop check is asked
    // before every removal order, so the deadline ends the attempt, not its last grid
    const request = numbridgeKind.parseRequest({ size: 6, technique: 'grouped-aic' });
    const task = { type: 'generate' as const, kind: 'numbridge', kindModules: [], request, runSeed: 'stop', indices: [0], player: false, attempts: 1, fingerprint: false };
    const [outcome] = runGenerateBatch({ ...task, deadline: Date.now() + 300 }).outcomes;
    expect(outcome).toMatchObject({ k: 0, ok: false, stopped: true, reason: 'stopped at the deadline' });
  });

  test('the output stays a prefix of the run when a batch is cut (same bytes as far as it goes)', async () => {
    const request = toyKind.parseRequest({ work: 1 });
    const lines = async (maxSeconds?: number) => {
      const out: string[] = [];
      await generateRun({ kind: toyKind, request, seed: 'prefix', count: 400, targetMs: 100, kindModules: [TOY_MODULE], writeLine: (l) => void out.push(l), ...(maxSeconds ? { maxSeconds } : {}) });
      return out;
    };
    const cut = await lines(0.15);
    expect(cut.length).toBeLessThan(400);
    const whole = await lines();
    expect(cut).toEqual(whole.slice(0, cut.length));
  });
});
