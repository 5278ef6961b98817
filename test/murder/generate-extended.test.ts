/**
 * `generate murder --clues extended` (issue 26 §5): every size and level, robust or not, makes
 * cases that verify (the prover in proof mode, the counter, exact texts), deal the new kinds and
 * case facts, keep every clue and fact necessary, and are the same bytes for the same seed (and any
 * worker count: generate-extended.cli.test.ts, with the sheet's bytes from before `--clues`).
 */
import { describe, expect, test } from 'vitest';
import { assertValid } from '../../src/core/schema.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import { caseSeed, checkRequest, generateCase, LEVELS, requestKey, verifyCase, type CaseRequest } from '../../src/murder/generate.ts';
import { readCaseFile, type CaseModel } from '../../src/murder/model.ts';
import { proveCase } from '../../src/murder/prover/prove.ts';
import { MurderCaseFile, type MurderCaseFile as CaseFile } from '../../src/murder/schema.ts';

const SIZES = [4, 5, 6, 7, 8, 9];
const SHEET_KINDS = new Set(['victim', 'row', 'column', 'inRoom', 'notInRoom', 'onObject', 'notOnObject', 'besideObject', 'notBesideObject', 'roomCorner', 'notRoomCorner', 'withAnother', 'alone']);
const RELATIONS = new Set(['sameRoomAs', 'notSameRoomAs', 'onlyWith', 'above', 'below', 'leftOf', 'rightOf']);
const NEW_OBJECTS = new Set(['window', 'gift', 'cash-register', 'tv', 'computer', 'rubbish']);

/** Per grid cell: two plain cases and one robust one. */
const PLAIN = 2;
const ROBUST = 1;

const seen = { kinds: new Map<string, number>(), facts: 0, casesWithFacts: 0, newObjects: 0, twoOnACell: 0, cases: 0 };

function tally(file: CaseFile): void {
  seen.cases++;
  for (const person of file.public.people) for (const clue of person.clues) seen.kinds.set(clue.kind, (seen.kinds.get(clue.kind) ?? 0) + 1);
  seen.facts += file.public.facts?.length ?? 0;
  if (file.public.facts?.length) seen.casesWithFacts++;
  const cells = file.public.objects.flat();
  if (cells.some((x) => (Array.isArray(x) ? x : [x]).some((id) => id !== null && NEW_OBJECTS.has(id)))) seen.newObjects++;
  if (cells.some((x) => Array.isArray(x))) seen.twoOnACell++;
}

/** The same case without clue k of person p, or without fact k (person −1). */
function without(model: CaseModel, person: number, index: number): CaseModel {
  if (person < 0) return { ...model, facts: model.facts.filter((_, k) => k !== index) };
  return { ...model, people: model.people.map((p, i) => (i === person ? { ...p, clues: p.clues.filter((_, k) => k !== index) } : p)) };
}

describe.each(SIZES.flatMap((size) => LEVELS.map((level) => [size, level] as const)))('extended %i %s', (size, level) => {
  const plain: CaseRequest = { size, level, clues: 'extended' };
  const robust: CaseRequest = { size, level, robust: true, clues: 'extended' };
  const files = [
    ...Array.from({ length: PLAIN }, (_, k) => generateCase(plain, caseSeed('extended-test', plain, k))),
    ...Array.from({ length: ROBUST }, (_, k) => generateCase(robust, caseSeed('extended-test', robust, k))),
  ];
  files.forEach(tally);

  test('schema-valid; verifyCase finds nothing wrong; at the level asked for', () => {
    for (const file of files) {
      expect(() => assertValid(MurderCaseFile, file, { source: 'generated' })).not.toThrow();
      const verdict = verifyCase(file);
      expect(verdict.problems).toEqual([]);
      expect(verdict.ok).toBe(true);
      expect(file.public.level.name).toBe(level);
      expect(file.secret!.request).toMatchObject({ size, level, clues: 'extended' });
    }
  });

  test('robust cases keep their single solution under every misreading (new ones included)', () => {
    const file = files[PLAIN]!;
    expect(file.secret!.robustness!.robust).toBe(true);
    expect(Object.values(file.secret!.robustness!).every((x) => x === true)).toBe(true);
  });

  test('minimal: dropping any clue or case fact loses uniqueness or the level', () => {
    const tier = LEVELS.indexOf(level) + 1;
    for (const file of files) {
      const { model } = readCaseFile(file, { source: 'generated' });
      const drops: Array<[number, number, string]> = [
        ...model.people.flatMap((person, p) => person.clues.map((clue, k) => [p, k, clue.kind] as [number, number, string])).filter(([, , kind]) => kind !== 'victim'),
        ...model.facts.map((fact, k) => [-1, k, fact.kind] as [number, number, string]),
      ];
      for (const [p, k, kind] of drops) {
        const smaller = without(model, p, k);
        const stillFine = proveCase(smaller, { maxTier: tier }).status === 'solved' && proveCase(smaller, { maxTier: tier }).level === tier && countSolutions(smaller).count === 1;
        expect(stillFine, `${p < 0 ? 'fact' : model.people[p]!.id + ' clue'} ${k} (${kind}) can be dropped`).toBe(false);
      }
    }
  });

  test('the same seed makes the same bytes', () => {
    expect(JSON.stringify(generateCase(plain, caseSeed('extended-test', plain, 0)))).toBe(JSON.stringify(files[0]));
  });
});

describe('what extended deals, over the whole grid', () => {
  test('a mix: relations, object lines, walls or exclusive objects, and sheet kinds; case facts; new objects', () => {
    const count = (pred: (kind: string) => boolean) => [...seen.kinds].filter(([kind]) => pred(kind)).reduce((a, [, n]) => a + n, 0);
    const sheet = count((k) => SHEET_KINDS.has(k) && k !== 'victim');
    const extended = count((k) => !SHEET_KINDS.has(k));
    expect(seen.cases).toBe(SIZES.length * LEVELS.length * (PLAIN + ROBUST));
    expect(count((k) => RELATIONS.has(k))).toBeGreaterThan(0);
    expect(count((k) => k.endsWith('Object') && !SHEET_KINDS.has(k) && k !== 'onlyOnObject')).toBeGreaterThan(0);
    expect(count((k) => k === 'onlyOnObject' || k === 'notBesideWall' || k === 'notBesideEdge')).toBeGreaterThan(0);
    // neither vocabulary crowds out the other
    expect(extended / (sheet + extended)).toBeGreaterThan(0.25);
    expect(sheet / (sheet + extended)).toBeGreaterThan(0.25);
    expect(seen.casesWithFacts).toBeGreaterThan(0);
    expect(seen.newObjects).toBeGreaterThan(0);
    expect(seen.twoOnACell).toBeGreaterThan(0);
  });
});

describe('the request', () => {
  test('absent clues = sheet, with the key it always had; extended has its own key', () => {
    expect(requestKey({ size: 6, level: 'hard' })).toBe('size=6;level=hard;setting=*;robust=0');
    expect(requestKey({ size: 6, level: 'hard', clues: 'sheet' })).toBe('size=6;level=hard;setting=*;robust=0');
    expect(requestKey({ size: 6, level: 'hard', clues: 'extended' })).toBe('size=6;level=hard;setting=*;robust=0;clues=extended');
    expect(() => checkRequest({ size: 6, level: 'hard', clues: 'all' as 'sheet' })).toThrow(/clues "all"/);
  });
});
