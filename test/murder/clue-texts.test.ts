/**
 * Clue texts. A case made from our settings must carry exactly our sentences; a case from elsewhere
 * (no setting, a setting we do not know, a hand-made plan) may word its cards as it likes (issue 26:
 * the published cases and other tools word them their own way): the clue's parameters are proven,
 * its words are the author's. (Issue 17.4 had checked foreign texts against ours; issue 26 replaced it.)
 */
import { describe, expect, test } from 'vitest';
import { generateCase } from '../../src/murder/generate.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { verifyCase } from '../../src/murder/verify.ts';
import { handFile } from './fixtures.ts';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** The same case as a foreign file: no setting (or an unknown one), an id of its own. */
function foreign(file: MurderCaseFile, setting: 'none' | 'unknown'): MurderCaseFile {
  const f = copy(file);
  if (setting === 'none') delete f.public.setting;
  else f.public.setting = { id: 'elsewhere', name: { de: 'Anderswo', en: 'elsewhere' } };
  f.id = `foreign-${setting}`;
  return f;
}

const cases = [4, 6, 9].map((size) => generateCase({ size, level: 'medium', robust: false }, `clue-texts-${size}`));

describe.each(['none', 'unknown'] as const)('setting %s', (setting) => {
  test('generated texts pass', () => {
    for (const file of cases) expect(verifyCase(foreign(file, setting)).problems).toEqual([]);
  });

  const find = (f: MurderCaseFile, kinds: string[]) => {
    for (const [p, person] of f.public.people.entries()) {
      const k = person.clues.findIndex((c) => kinds.includes(c.kind));
      if (k >= 0) return { p, k, clue: person.clues[k]! };
    }
    throw new Error(`no ${kinds.join('/')} clue`);
  };

  test('any non-empty wording is accepted, even one naming another room', () => {
    const file = foreign(cases.find((f) => f.public.people.some((p) => p.clues.some((c) => c.kind === 'inRoom' || c.kind === 'notInRoom' || c.kind === 'withAnother')))!, setting);
    const { clue } = find(file, ['inRoom', 'notInRoom', 'withAnother']);
    clue.text.en = 'Somewhere else entirely, says the author.';
    clue.text.de = 'Woanders, sagt die Autorin.';
    expect(verifyCase(file).problems).toEqual([]);
  });
});

test('a case from our settings must carry our sentences', () => {
  const wrong = copy(cases[0]!);
  const clue = wrong.public.people.find((p) => p.clues.some((c) => c.kind !== 'victim'))!.clues.find((c) => c.kind !== 'victim')!;
  clue.text.en = 'Somewhere else entirely.';
  expect(verifyCase(wrong).problems).toEqual([expect.stringMatching(/^\/public\/people\/\d\/clues\/\d\/text\/en: says "Somewhere else entirely\." but the clue means ".+"$/)]);
});

test('hand-built cases (no setting) may word their cards freely', () => {
  const plan = ['aabb', 'aabb', 'ccdd', 'ccdd'];
  const pinned = (id: string, gender: 'f' | 'm', r: number, c: number, extra: object[] = []) => ({ id, gender, at: [r, c] as [number, number], clues: [{ kind: 'row', row: r }, { kind: 'column', column: c }, ...extra] as never });
  const file = handFile({ plan, people: [pinned('vera', 'f', 0, 0, [{ kind: 'victim' }]), pinned('max', 'm', 1, 1), pinned('ida', 'f', 2, 2), pinned('leo', 'm', 3, 3)] });
  expect(verifyCase(file).problems).toEqual([]);
  const reworded = copy(file);
  reworded.public.people[2]!.clues[0]!.text = { de: 'Ida stand in Reihe 3.', en: 'Ida stood in row 3.' };
  reworded.id = 'hand-made';
  expect(verifyCase(reworded).problems).toEqual([]);
});
