/**
 * The exhaustive counter: known counts on hand-built cases, and agreement with a brute-force
 * enumeration of every placement on random small cases (including cases with no solution and
 * with many).
 */
import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { cellAt } from '../../src/murder/cells.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import type { CaseModel } from '../../src/murder/model.ts';
import type { ClueFact } from '../../src/murder/schema.ts';
import { isSolution, MISREADINGS, STRICT, type Reading } from '../../src/murder/truth.ts';
import { handModel, randomCase } from './fixtures.ts';

/** Every placement of people on rows and columns, checked in full: n!·n! of them. */
function bruteCount(model: CaseModel, reading: Reading = STRICT): number {
  const n = model.size;
  const perms = (k: number): number[][] => (k === 0 ? [[]] : perms(k - 1).flatMap((p) => Array.from({ length: k }, (_, i) => [...p.slice(0, i), k - 1, ...p.slice(i)])));
  const all = perms(n);
  let count = 0;
  const cells = new Int8Array(n);
  for (const rowOf of all) {
    for (const columnOf of all) {
      for (let p = 0; p < n; p++) cells[p] = cellAt(rowOf[p]!, columnOf[p]!);
      if (isSolution(model, cells, reading)) count++;
    }
  }
  return count;
}

const people = (clues: ClueFact[][]) =>
  clues.map((c, i) => ({ id: ['vera', 'max', 'ida', 'leo', 'ben'][i]!, gender: (['f', 'm', 'f', 'm', 'm'] as const)[i]!, clues: c }));

describe('hand-built cases', () => {
  const plan = ['aabb', 'aabb', 'ccdd', 'ccdd'];
  test('exactly one solution', () => {
    const model = handModel({
      plan,
      people: people([
        [{ kind: 'victim' }, { kind: 'row', row: 0 }, { kind: 'column', column: 0 }],
        [{ kind: 'row', row: 1 }, { kind: 'column', column: 1 }],
        [{ kind: 'row', row: 2 }, { kind: 'column', column: 2 }],
        [{ kind: 'row', row: 3 }, { kind: 'column', column: 3 }],
      ]),
    });
    const result = countSolutions(model);
    expect(result.count).toBe(1);
    expect(Array.from(result.solutions[0]!)).toEqual([cellAt(0, 0), cellAt(1, 1), cellAt(2, 2), cellAt(3, 3)]);
  });
  test('no solution: the victim would be alone', () => {
    const model = handModel({
      plan,
      people: people([
        [{ kind: 'victim' }, { kind: 'row', row: 0 }, { kind: 'column', column: 0 }],
        [{ kind: 'row', row: 1 }, { kind: 'column', column: 2 }],
        [{ kind: 'row', row: 2 }, { kind: 'column', column: 1 }],
        [{ kind: 'row', row: 3 }, { kind: 'column', column: 3 }],
      ]),
    });
    expect(countSolutions(model).count).toBe(0);
  });
  test('two solutions: two people may swap columns', () => {
    const model = handModel({
      plan,
      people: people([
        [{ kind: 'victim' }, { kind: 'row', row: 0 }, { kind: 'column', column: 0 }],
        [{ kind: 'row', row: 1 }, { kind: 'column', column: 1 }],
        [{ kind: 'row', row: 2 }, { kind: 'inRoom', room: 'room-d' }],
        [{ kind: 'row', row: 3 }, { kind: 'inRoom', room: 'room-d' }],
      ]),
    });
    const result = countSolutions(model, { limit: 10 });
    expect(result.count).toBe(2);
    expect(result.complete).toBe(true);
  });
  test('a node budget stops the search and says so', () => {
    const model = handModel({ plan, people: people([[{ kind: 'victim' }], [], [], []]) });
    const result = countSolutions(model, { limit: 1000, maxNodes: 5 });
    expect(result.complete).toBe(false);
  });
});

describe('agrees with brute force', () => {
  test.each([4, 5])('size %i: random cases, every reading', (size) => {
    const rng = new Rng('counter-brute', size);
    let checked = 0;
    const seen = new Set<number>();
    while (checked < (size === 4 ? 40 : 8)) {
      const drawn = randomCase(size, rng, rng.int(2 * size));
      if (!drawn) continue;
      checked++;
      for (const reading of [STRICT, ...MISREADINGS.map((m) => m.reading)]) {
        const brute = bruteCount(drawn.model, reading);
        const counted = countSolutions(drawn.model, { limit: 1_000_000, reading });
        expect(counted.count, JSON.stringify(reading)).toBe(brute);
        seen.add(Math.min(brute, 2));
      }
    }
    expect([...seen].sort()).toEqual(size === 4 ? [0, 1, 2] : [...seen].sort()); // 4×4 meets unique, none and many
  });
});
