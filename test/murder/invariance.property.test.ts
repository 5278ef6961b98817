/**
 * Same case, same id (issue 12, point 4): a case's id, fingerprint and level depend on the case,
 * never on its labels — room ids and their order, person ids, names and their order, the order of
 * the clues on a card, texts — nor on fields we do not know.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { caseFingerprint, caseId } from '../../src/murder/case-file.ts';
import { generateCase } from '../../src/murder/generate.ts';
import { readCaseFile } from '../../src/murder/model.ts';
import { proveCase } from '../../src/murder/prover/prove.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { verifyCase } from '../../src/murder/verify.ts';

const CASES: MurderCaseFile[] = [
  generateCase({ size: 5, level: 'easy', robust: false }, 'invariance/5'),
  generateCase({ size: 6, level: 'medium', robust: false }, 'invariance/6'),
  generateCase({ size: 7, level: 'hard', robust: false }, 'invariance/7'),
];

interface Relabelling {
  roomOrder: number[];
  roomNames: number[];
  peopleOrder: number[];
  personNames: number[];
  clueSeed: number;
}

const relabelling = (file: MurderCaseFile): fc.Arbitrary<Relabelling> => {
  const rooms = file.public.rooms.length;
  const people = file.public.people.length;
  const perm = (n: number) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n });
  return fc.record({ roomOrder: perm(rooms), roomNames: perm(rooms), peopleOrder: perm(people), personNames: perm(people), clueSeed: fc.nat() });
};

const caseAndRelabelling = fc.nat(CASES.length - 1).chain((k) => fc.tuple(fc.constant(CASES[k]!), relabelling(CASES[k]!)));

/** The same case with every label changed: room and person ids, names, orders, clue order on each card. */
function relabel(file: MurderCaseFile, r: Relabelling): MurderCaseFile {
  const out = structuredClone(file);
  const pub = out.public;
  const roomId = new Map(file.public.rooms.map((room, i) => [room.id, `room-${r.roomNames[i]}`]));
  const personId = new Map(file.public.people.map((person, i) => [person.id, `p${r.personNames[i]}`]));
  pub.rooms = r.roomOrder.map((i) => ({ ...pub.rooms[i]!, id: roomId.get(pub.rooms[i]!.id)! }));
  pub.roomOf = pub.roomOf.map((row) => row.map((id) => (id === null ? null : roomId.get(id)!)));
  pub.people = r.peopleOrder.map((i) => {
    const person = pub.people[i]!;
    const clues = person.clues.map((clue) => ('room' in clue ? { ...clue, room: roomId.get(clue.room)! } : clue));
    // a fixed shuffle of the card per seed: rotate by a seed-dependent amount
    const shift = clues.length === 0 ? 0 : (r.clueSeed + i) % clues.length;
    return { ...person, id: personId.get(person.id)!, name: `Person ${r.personNames[i]}`, clues: [...clues.slice(shift), ...clues.slice(0, shift)] };
  });
  const secret = out.secret!;
  secret.solution = {
    positions: Object.fromEntries(Object.entries(secret.solution.positions).map(([id, cell]) => [personId.get(id)!, cell])),
    murderer: personId.get(secret.solution.murderer)!,
  };
  // The proof names people and rooms by their old ids and does not belong to the new labels.
  delete (secret as Partial<typeof secret>).proof;
  return out;
}

describe('case labels do not matter', () => {
  test.prop([caseAndRelabelling], { numRuns: 30 })('relabelled and reordered: same id, fingerprint and level; verify passes', (pair) => {
    const [file, r] = pair;
    const moved = relabel(file, r);
    expect(caseId(moved.public)).toBe(file.id);
    expect(caseFingerprint(moved)).toBe(caseFingerprint(file));
    const { model } = readCaseFile(moved, { source: 'moved' });
    const proof = proveCase(model);
    expect(proof.status).toBe('solved');
    expect(proof.level).toBe(file.public.level.level);
    expect(verifyCase(moved).problems).toEqual([]);
  });

  test('unknown fields, names and texts do not change the id', () => {
    const file = structuredClone(CASES[1]!) as MurderCaseFile & { public: { extra?: number } };
    file.public.extra = 1;
    file.public.people[0]!.name = 'Somebody Else';
    file.public.rooms[0]!.name = { de: 'Kammer', en: 'Chamber' };
    for (const person of file.public.people) for (const clue of person.clues) Object.assign(clue, { hint: 'x' });
    expect(caseId(file.public)).toBe(CASES[1]!.id);
    expect(caseFingerprint(file)).toBe(caseFingerprint(CASES[1]!));
  });

  test('a change of content changes the id', () => {
    const file = structuredClone(CASES[1]!);
    const person = file.public.people.find((p) => p.clues.some((c) => c.kind === 'row'))!;
    const clue = person.clues.find((c) => c.kind === 'row')! as { row: number };
    clue.row = (clue.row + 1) % file.public.size;
    expect(caseId(file.public)).not.toBe(CASES[1]!.id);
    expect(caseFingerprint(file)).not.toBe(caseFingerprint(CASES[1]!));
  });
});
