/**
 * Files made before ids became canonical and scores label-free carry the same format version, so
 * verify accepts their ids and scores; an id of our own form that names other content fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { verifyInput } from '../../src/pipeline/verify-batch.ts';
import { ROOT } from '../helpers/cli.ts';

const lines = (name: string) => readFileSync(join(ROOT, 'test/fixtures/legacy', name), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
const verify = (value: unknown) => verifyInput({ where: { source: 'legacy' }, value });

describe('files of an earlier puzzlemill', () => {
  test.each(['murder-5-easy.ndjson'])('%s: verify says ok', (name) => {
    for (const file of lines(name)) expect(verify(file)).toMatchObject({ status: 'ok', problems: [] });
  });

  // Issue 27 moved techniques between tiers and re-priced some (calibrated against Sudoku
  // Explainer): these boards were graded by the ladder before (no scale: the plain work), which a
  // grade of an earlier scale keeps — today's ladder must still finish them, and their proofs
  // replay with the tiers they were written with.
  test('numbridge-9i-grade3.ndjson: verify says ok', () => {
    for (const file of lines('numbridge-9i-grade3.ndjson')) expect(verify(file)).toMatchObject({ status: 'ok', problems: [] });
  });

  test('an id of our form that does not name the content fails, for boards and cases alike', () => {
    for (const name of ['murder-5-easy.ndjson', 'numbridge-9i-grade3.ndjson']) {
      const file = lines(name)[0]!;
      const forged = { ...file, id: String(file.id).replace(/-[0-9a-f]{16}$/, '-0000000000000000') };
      expect(verify(forged).problems.join('\n')).toMatch(/^id "[^"]+-0000000000000000" does not match the content \(expected "[^"]+"\)$/m);
    }
  });

  test('a board whose digits were swapped but whose id was kept fails', () => {
    const file = lines('numbridge-9i-grade3.ndjson')[0]! as { public: { givens: number[][] }; secret: { solution: number[][]; proof?: unknown } };
    const swap = (d: number) => (d === 1 ? 2 : d === 2 ? 1 : d);
    const forged = structuredClone(file);
    forged.public.givens = forged.public.givens.map((row) => row.map(swap));
    forged.secret.solution = forged.secret.solution.map((row) => row.map(swap));
    delete forged.secret.proof; // the proof names the old digits; the id is what this test is about
    expect(verify(forged).problems).toContainEqual(expect.stringMatching(/^id "nb9i-[0-9a-f]{16}" does not match the content/));
  });
});
