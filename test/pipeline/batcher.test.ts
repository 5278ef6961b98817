import { describe, expect, test } from 'vitest';
import { runOrdered } from '../../src/pipeline/batcher.ts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('runOrdered', () => {
  test('emits every unit once, in order, whatever order batches finish in', async () => {
    const emitted: number[] = [];
    const sizes: number[] = [];
    await runOrdered<number, number>({
      units: range(200),
      parallelism: 3,
      targetMs: 5,
      execute: async (units) => {
        sizes.push(units.length);
        await delay((units[0]! * 7919) % 5); // finish out of order
        return { results: units.map((u) => u * 10), ms: units.length * 0.2 };
      },
      failed: () => -1,
      emit: (r) => void emitted.push(r),
    });
    expect(emitted).toEqual(range(200).map((u) => u * 10));
    expect(sizes[0]).toBe(1); // unknown cost: probe with one unit
    expect(Math.max(...sizes)).toBeGreaterThan(1); // then batches of ≈ targetMs of work
  });

  test('batch sizes aim at the target work and shrink at the end', async () => {
    const sizes: number[] = [];
    await runOrdered<number, number>({
      units: range(1000),
      total: 1000,
      parallelism: 2,
      targetMs: 50,
      execute: async (units) => {
        sizes.push(units.length);
        return { results: units, ms: units.length * 0.5 }; // 0.5 ms per unit → ~100 per batch
      },
      failed: () => -1,
      emit: () => {},
    });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(50);
    expect(sizes[sizes.length - 1]).toBeLessThan(20);
  });

  test('a failed batch is retried unit by unit; a unit failing twice gets its failure result', async () => {
    const calls = new Map<number, number>();
    const retried: number[][] = [];
    const emitted: number[] = [];
    const report = await runOrdered<number, number>({
      units: range(30),
      parallelism: 2,
      targetMs: 1,
      maxBatch: 4,
      execute: async (units) => {
        for (const u of units) calls.set(u, (calls.get(u) ?? 0) + 1);
        if (units.includes(7) && calls.get(7)! === 1) throw new Error('worker died'); // once
        if (units.includes(13)) throw new Error('always'); // every time
        return { results: units, ms: units.length };
      },
      failed: (u) => -u,
      onRetry: (units) => void retried.push(units),
      emit: (r) => void emitted.push(r),
    });
    expect(emitted).toEqual(range(30).map((u) => (u === 13 ? -13 : u)));
    expect(retried.some((b) => b.includes(7))).toBe(true);
    expect(calls.get(13)).toBe(2);
    expect(report.retriedBatches).toBe(2);
  });

  test('stop() ends dispatching; running batches still finish and are emitted in order', async () => {
    const emitted: number[] = [];
    let stopNow = false;
    const report = await runOrdered<number, number>({
      units: range(1000),
      parallelism: 2,
      targetMs: 1,
      maxBatch: 5,
      stop: () => stopNow,
      execute: async (units) => {
        await delay(1);
        if (units.includes(40)) stopNow = true;
        return { results: units, ms: 1 };
      },
      failed: () => -1,
      emit: (r) => void emitted.push(r),
    });
    expect(report.stopped).toBe(true);
    expect(emitted).toEqual(range(emitted.length)); // a prefix, no gaps
    expect(emitted.length).toBeGreaterThan(40);
    expect(emitted.length).toBeLessThan(1000);
  });

  test('reads units lazily from an async stream', async () => {
    let pulled = 0;
    async function* units() {
      for (let i = 0; i < 50; i++) {
        pulled++;
        yield i;
      }
    }
    const emitted: number[] = [];
    await runOrdered<number, number>({
      units: units(),
      parallelism: 1,
      execute: async (u) => ({ results: u, ms: 0.01 }),
      failed: () => -1,
      emit: (r) => void emitted.push(r),
    });
    expect(pulled).toBe(50);
    expect(emitted).toEqual(range(50));
  });
});
