/**
 * verifyCase on good and broken cases: each broken case is rejected with its reason.
 */
import { describe, expect, test } from 'vitest';
import { generateCase, verifyCase } from '../../src/murder/generate.ts';
import type { ClueFact, MurderCaseFile } from '../../src/murder/schema.ts';
import { handFile, type HandPerson } from './fixtures.ts';

const PLAN = ['aabb', 'aabb', 'ccdd', 'ccdd'];
const pinned = (id: string, gender: 'f' | 'm', r: number, c: number, extra: ClueFact[] = []): HandPerson => ({
  id, gender, at: [r, c], clues: [...extra, { kind: 'row', row: r }, { kind: 'column', column: c }],
});

const clone = (file: MurderCaseFile): MurderCaseFile => JSON.parse(JSON.stringify(file));
const problemsOf = (data: unknown) => verifyCase(data).problems;

describe('hand-built cases', () => {
  test('no solution: rejected with the reason', () => {
    const file = handFile({
      plan: PLAN,
      people: [pinned('vera', 'f', 0, 0, [{ kind: 'victim' }]), pinned('max', 'm', 1, 2), pinned('ida', 'f', 2, 1), pinned('leo', 'm', 3, 3)],
    });
    const problems = problemsOf(file);
    expect(problems).toContain('no solution: no placement satisfies every clue');
    expect(problems.some((p) => p.includes('contradiction'))).toBe(true);
  });
  test('two solutions: rejected, naming where they differ', () => {
    const file = handFile({
      plan: PLAN,
      people: [
        pinned('vera', 'f', 0, 0, [{ kind: 'victim' }]),
        pinned('max', 'm', 1, 1),
        { id: 'ida', gender: 'f', clues: [{ kind: 'row', row: 2 }, { kind: 'inRoom', room: 'room-d' }] },
        { id: 'leo', gender: 'm', clues: [{ kind: 'row', row: 3 }, { kind: 'inRoom', room: 'room-d' }] },
      ],
    });
    const problems = problemsOf(file);
    expect(problems).toContain('more than one solution: ida at [2, 2] or [2, 3], leo at [3, 3] or [3, 2]');
    expect(problems).toContain('not guess-free: the prover gets stuck before placing everyone');
  });
  test('exactly one solution, reached at level 1: accepted', () => {
    const file = handFile({
      plan: PLAN,
      people: [pinned('vera', 'f', 0, 0, [{ kind: 'victim' }]), pinned('max', 'm', 1, 1), pinned('ida', 'f', 2, 2), pinned('leo', 'm', 3, 3)],
    });
    expect(problemsOf(file)).toEqual([]);
  });
});

describe('tampered generated cases', () => {
  const good = generateCase({ size: 6, level: 'medium' }, 'verify-me');
  test('the original passes', () => expect(verifyCase(good)).toMatchObject({ ok: true, problems: [] }));
  test('a wrong level claim', () => {
    const file = clone(good);
    file.public.level = { level: 3, name: 'hard' };
    expect(problemsOf(file)).toContain('level claims 3 (hard) but the proof needs 2 (medium)');
  });
  test('a text that says something else', () => {
    const file = clone(good);
    const clue = file.public.people.flatMap((p) => p.clues).find((c) => c.kind !== 'victim')!;
    clue.text.en = 'She was on the moon.';
    expect(problemsOf(file).some((p) => p.includes('says "She was on the moon." but the clue means'))).toBe(true);
  });
  test('a wrong secret solution and murderer', () => {
    const file = clone(good);
    const [a, b] = Object.keys(file.secret!.solution.positions);
    const positions = file.secret!.solution.positions;
    [positions[a!], positions[b!]] = [positions[b!]!, positions[a!]!];
    file.secret!.solution.murderer = file.public.people.find((p) => p.id !== file.secret!.solution.murderer && !p.clues.some((c) => c.kind === 'victim'))!.id;
    const problems = problemsOf(file);
    expect(problems.filter((p) => p.startsWith('secret places'))).toHaveLength(2);
    expect(problems.some((p) => p.startsWith('secret names the murderer'))).toBe(true);
  });
  test('a claimed-minimal case with a clue too many', () => {
    const file = clone(good);
    const person = file.public.people.find((p) => !p.clues.some((c) => c.kind === 'victim'))!;
    const [r, c] = file.secret!.solution.positions[person.id]!;
    const rowClue = { kind: 'row' as const, row: r, text: { de: 'x', en: 'x' } };
    const columnClue = { kind: 'column' as const, column: c, text: { de: 'x', en: 'x' } };
    person.clues.push(rowClue, columnClue);
    file.public.setting = undefined as never;
    delete file.public.setting;
    const problems = problemsOf(file);
    expect(problems.some((p) => p.startsWith('claims to be minimal but'))).toBe(true);
  });
  test('a wrong robustness record', () => {
    const file = clone(good);
    file.secret!.robustness = { besideDiagonal: true, besideThroughWall: true, cornerOfBoard: true, aloneIgnoresVictim: true, withAnotherIgnoresVictim: true, robust: true };
    const actual = good.secret!.robustness!;
    expect(problemsOf(file).length).toBe(Object.values(actual).filter((v) => !v).length);
  });
  test('an id that does not fit the content', () => {
    const file = clone(good);
    file.id = `murder-${good.public.size}-0123456789abcdef`;
    expect(problemsOf(file).some((p) => p.startsWith(`id "${file.id}" does not match the content`))).toBe(true);
  });
  test('names are not content: another name keeps the id', () => {
    const file = clone(good);
    file.public.people[0]!.name = 'Somebody';
    expect(problemsOf(file)).toEqual([]);
  });
});

describe('unreadable cases: one line with the place', () => {
  const good = generateCase({ size: 4, level: 'easy' }, 'broken');
  const broken = (mutate: (file: MurderCaseFile) => void) => {
    const file = clone(good);
    mutate(file);
    const verdict = verifyCase(file);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toHaveLength(1);
    return verdict.problems[0]!;
  };
  test('an unknown clue kind', () => {
    expect(broken((f) => ((f.public.people[0]!.clues[0] as { kind: string }).kind = 'onRoof'))).toMatch(/^case \/public\/people\/0\/clues\/0\/kind: must be one of "victim", "row"/);
  });
  test('an object that is not in the vocabulary: the message lists the vocabulary', () => {
    expect(broken((f) => ((f.public.objects[1] as unknown[])[2] = 'unicorn'))).toMatch(/^case \/public\/objects\/1\/2: unknown object "unicorn" \(the case's objects: "chair", "armchair"/);
  });
  test('a gender of neither: the union of constants names both, and what was given', () => {
    expect(broken((f) => ((f.public.people[0] as { gender: string }).gender = 'x'))).toBe('case /public/people/0/gender: must be one of "f", "m" (not "x")');
  });
  test('a murderer the case lacks: the message lists its people', () => {
    const ids = good.public.people.map((p) => `"${p.id}"`).join(', ');
    expect(broken((f) => (f.secret!.solution.murderer = 'nobody'))).toBe(`case /secret/solution/murderer: unknown person "nobody" (the case's people: ${ids})`);
  });
  test('a clue naming a room that is not there', () => {
    expect(broken((f) => f.public.people[1]!.clues.push({ kind: 'inRoom', room: 'ballroom', text: { de: 'x', en: 'x' } }))).toBe('case /public/people/1/clues/' + good.public.people[1]!.clues.length + '/room: unknown room "ballroom" (the case\'s rooms: ' + good.public.rooms.map((r) => `"${r.id}"`).join(', ') + ')');
  });
  test('a room in two pieces', () => {
    const split = handFile({ plan: ['abbb', 'bbbb', 'bbbb', 'bbba'], people: ['vera', 'max', 'ida', 'leo'].map((id, i) => ({ id, gender: 'f', clues: i ? [] : [{ kind: 'victim' }] })) });
    expect(problemsOf(split)).toEqual(['case /public/roomOf/3/3: room 0 is not connected']);
  });
  test('neighbouring rooms with the same floor', () => {
    expect(broken((f) => f.public.rooms.forEach((r) => (r.floor = f.public.rooms[0]!.floor)))).toMatch(/share a wall and the floor/);
  });
  test('too few people, two victims, a row off the board', () => {
    expect(broken((f) => f.public.people.pop())).toBe('case /public/people: has fewer than 4 items');
    const short = handFile({ plan: ['aaaaa', 'aaaaa', 'bbbbb', 'bbbbb', 'bbbbb'], people: ['vera', 'max', 'ida', 'leo'].map((id, i) => ({ id, gender: 'm', clues: i ? [] : [{ kind: 'victim' }] })) });
    expect(problemsOf(short)).toEqual(['case /public/people: has 4 people, expected 5 (one per row)']);
    expect(broken((f) => f.public.people.forEach((p) => p.clues.unshift({ kind: 'victim', text: { de: 'x', en: 'x' } })))).toMatch(/a second (victim|victim clue)/);
    expect(broken((f) => f.public.people[0]!.clues.push({ kind: 'row', row: 7, text: { de: 'x', en: 'x' } }))).toMatch(/row 7 is off a 4×4 board/);
  });
  test('not an object at all', () => {
    expect(verifyCase('hello').problems[0]).toBe('case /: must be object');
  });
});
