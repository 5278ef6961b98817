/**
 * Clue texts are checked against their clue's meaning for every case, also without a setting or
 * with one from elsewhere (issue 17.4): the sentence must be ours, and its place phrase must name
 * the clue's room.
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

  test('a text naming another room fails', () => {
    const file = foreign(cases.find((f) => f.public.people.some((p) => p.clues.some((c) => c.kind === 'inRoom' || c.kind === 'notInRoom' || c.kind === 'withAnother')))!, setting);
    const { p, k, clue } = find(file, ['inRoom', 'notInRoom', 'withAnother']);
    const room = 'room' in clue ? clue.room : '';
    const own = file.public.rooms.find((r) => r.id === room)!;
    const other = file.public.rooms.find((r) => r.id !== room && !own.name.en.includes(r.name.en))!;
    clue.text.en = clue.text.en.replace(own.at!.en, other.at!.en);
    expect(verifyCase(file).problems).toEqual([expect.stringMatching(new RegExp(`^/public/people/${p}/clues/${k}/text/en: says ".+" but the clue means ".+"$`))]);
  });

  test('a text contradicting a clue without a room fails', () => {
    const file = foreign(cases[2]!, setting);
    const { p, k, clue } = find(file, ['row', 'column', 'onObject', 'notOnObject', 'besideObject', 'notBesideObject', 'roomCorner', 'notRoomCorner', 'alone']);
    clue.text.de = clue.text.de.replace(/ war /, ' war nicht ');
    expect(verifyCase(file).problems).toEqual([expect.stringMatching(new RegExp(`^/public/people/${p}/clues/${k}/text/de: says`))]);
  });
});

test('hand-built cases (no setting) get their texts checked too', () => {
  const plan = ['aabb', 'aabb', 'ccdd', 'ccdd'];
  const pinned = (id: string, gender: 'f' | 'm', r: number, c: number, extra: object[] = []) => ({ id, gender, at: [r, c] as [number, number], clues: [{ kind: 'row', row: r }, { kind: 'column', column: c }, ...extra] as never });
  const file = handFile({ plan, people: [pinned('vera', 'f', 0, 0, [{ kind: 'victim' }]), pinned('max', 'm', 1, 1), pinned('ida', 'f', 2, 2), pinned('leo', 'm', 3, 3)] });
  expect(verifyCase(file).problems).toEqual([]);
  const wrong = copy(file);
  wrong.public.people[1]!.clues[0]!.text = copy(wrong.public.people[2]!.clues[0]!.text);
  wrong.id = 'hand-made';
  expect(verifyCase(wrong).problems).toEqual([expect.stringMatching(/^\/public\/people\/1\/clues\/0\/text\/en: says "She was in the third row\." but the clue means "He was in the second row\."$/)]);
});
