/**
 * crimedoku-solver cases (src/murder/crimedoku.ts), pure: every clue type maps to the kind of the
 * same meaning (README reading and `code` reading), the hand-made samples in test/data/crimedoku/
 * come out with their worked-out solutions (checked by the counter), the bad ones with their exact
 * one-line refusal, and import → export → import keeps the case (same fingerprint).
 *
 * The samples are our own (the crimedoku repository's puzzles/ are a commercial book's cases:
 * nothing here is taken from them).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { caseFingerprint } from '../../src/murder/case-file.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import { CaseRefused, fromCrimedoku, humanise, importedCaseFile, isCrimedoku, NotExpressible, roomWords, slug, toCrimedoku, type CrimedokuCase, type CrimedokuReading } from '../../src/murder/crimedoku.ts';
import { modelFromPublic } from '../../src/murder/model.ts';
import type { MurderCaseFile, MurderPublicInput } from '../../src/murder/schema.ts';
import { verifyCase } from '../../src/murder/verify.ts';

const DATA = new URL('../data/crimedoku/', import.meta.url);
const sample = (name: string): CrimedokuCase => JSON.parse(readFileSync(new URL(name, DATA), 'utf8')) as CrimedokuCase;
const WHERE = { source: 'case.json' };

function imported(value: unknown, reading: CrimedokuReading = 'readme', genders: Record<string, 'f' | 'm'> = {}): MurderCaseFile {
  return importedCaseFile(fromCrimedoku(value, WHERE, { reading, genders }).pub, 'crimedoku');
}

/** The one-line reason a conversion gives (CaseRefused or InputError), or 'ok'. */
function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (e) {
    if (e instanceof CaseRefused || e instanceof InputError || e instanceof NotExpressible) return `${e.name}: ${e.message}`;
    throw e;
  }
}

/** A 4×4 two-room plan with a few objects, for one clue at a time. */
function mini(clues: CrimedokuCase['clues'], cells?: CrimedokuCase['grid']['cells']): CrimedokuCase {
  return {
    grid: {
      rows: 4,
      cols: 4,
      cells: cells ?? [
        ...[0, 1, 2, 3].flatMap((r) => [0, 1].map((c) => ({ row: r, col: c, room: 'kitchen', ...(r === 0 && c === 0 ? { objects: ['plant'] } : {}) }))),
        ...[0, 1, 2, 3].flatMap((r) => [2, 3].map((c) => ({ row: r, col: c, room: 'secret_lab', ...(r === 1 && c === 2 ? { objects: ['chair', 'carpet'] } : {}) }))),
      ],
    },
    people: ['Anna', 'Ben', 'Kim', 'Zed'],
    victim: 'Zed',
    clues,
  };
}
const cardOf = (c: CrimedokuCase, person: number, reading: CrimedokuReading = 'readme') =>
  fromCrimedoku(c, WHERE, { reading, genders: { Kim: 'f', Zed: 'm' } }).pub.people[person]!.clues.map(({ text: _t, ...fact }) => fact);

describe('every crimedoku clue type as the kind of the same meaning', () => {
  const table: Array<[CrimedokuCase['clues'][number], unknown[], unknown[]?]> = [
    [{ type: 'in_room', person: 'Anna', room: 'kitchen' }, [{ kind: 'inRoom', room: 'kitchen' }]],
    [{ type: 'in_room', person: 'Anna', room: 'kitchen', invert: true }, [{ kind: 'notInRoom', room: 'kitchen' }]],
    [{ type: 'on_object', person: 'Anna', object: 'Chair' }, [{ kind: 'onObject', object: 'chair' }]],
    [{ type: 'on_object', person: 'Anna', object: 'carpet', invert: true }, [{ kind: 'notOnObject', object: 'carpet' }]],
    [{ type: 'next_to_object', person: 'Anna', object: 'plant' }, [{ kind: 'adjacentObject', object: 'plant' }], [{ kind: 'besideObject', object: 'plant' }]],
    [{ type: 'next_to_object', person: 'Anna', object: 'plant', invert: true }, [{ kind: 'notAdjacentObject', object: 'plant' }], [{ kind: 'notBesideObject', object: 'plant' }]],
    [{ type: 'not_next_to_wall', person: 'Anna' }, [{ kind: 'notBesideEdge' }], [{ kind: 'notBesideWall' }]],
    [{ type: 'only_on_object', person: 'Anna', object: 'carpet' }, [{ kind: 'onlyOnObject', object: 'carpet' }]],
    [{ type: 'with_person', person: 'Anna', target: 'Ben' }, [{ kind: 'sameRoomAs', person: 'ben' }]],
    [{ type: 'with_person', person: 'Anna', target: 'Ben', invert: true }, [{ kind: 'notSameRoomAs', person: 'ben' }]],
    [{ type: 'in_same_room_as_person', person: 'Anna', target: 'Kim' }, [{ kind: 'sameRoomAs', person: 'kim' }]],
    [{ type: 'in_same_room_as_person', person: 'Anna', target: 'Kim', invert: true }, [{ kind: 'notSameRoomAs', person: 'kim' }]],
    [{ type: 'only_with_person', person: 'Anna', target: 'Ben' }, [{ kind: 'onlyWith', person: 'ben' }]],
    [{ type: 'alone_in_room', person: 'Anna', room: 'secret_lab' }, [{ kind: 'inRoom', room: 'secret-lab' }, { kind: 'alone' }]],
    [{ type: 'in_corner', person: 'Anna' }, [{ kind: 'roomCorner' }]],
    [{ type: 'at_corner', person: 'Anna' }, [{ kind: 'roomCorner' }]],
    [{ type: 'below_person', person: 'Anna', target: 'Ben' }, [{ kind: 'below', person: 'ben' }]],
    [{ type: 'above_person', person: 'Anna', target: 'Ben' }, [{ kind: 'above', person: 'ben' }]],
    [{ type: 'at_column', person: 'Anna', column: 2 }, [{ kind: 'column', column: 2 }]],
    [{ type: 'same_column_as_object', person: 'Anna', object: 'chair' }, [{ kind: 'sameColumnAsObject', object: 'chair', where: 'ownRoom' }]],
    [{ type: 'same_column_as_object', person: 'Anna', object: 'chair', different_room: true }, [{ kind: 'sameColumnAsObject', object: 'chair', where: 'otherRoom' }]],
    [{ type: 'left_of', person: 'Anna', target: 'carpet', different_room: false }, [{ kind: 'leftOfObject', object: 'carpet', where: 'ownRoom' }]],
    [{ type: 'left_of', person: 'Anna', target: 'carpet', different_room: true }, [{ kind: 'leftOfObject', object: 'carpet', where: 'otherRoom' }]],
  ];
  test.each(table)('%o', (clue, readme, code) => {
    expect(cardOf(mini([clue]), 0)).toEqual(readme);
    expect(cardOf(mini([clue]), 0, 'code')).toEqual(code ?? readme);
  });

  test('alone_with_murderer is the victim clue, which the victim always has; only_one_person_on is a case fact', () => {
    const c = mini([{ type: 'alone_with_murderer', person: 'Zed' }, { type: 'only_one_person_on', object: 'chair' }]);
    const { pub } = fromCrimedoku(c, WHERE, { genders: { Kim: 'f', Zed: 'm' } });
    expect(pub.people[3]!.clues.map((x) => x.kind)).toEqual(['victim']);
    expect(cardOf(mini([]), 3)).toEqual([{ kind: 'victim' }]);
    expect(pub.facts).toEqual([{ kind: 'peopleOnObject', object: 'chair', compare: 'atMost', count: 1, text: { de: 'Höchstens eine Person war auf einem Stuhl.', en: 'At most one person was on a chair.' } }]);
    expect(outcome(() => fromCrimedoku(mini([{ type: 'alone_with_murderer', person: 'Ben' }]), WHERE))).toBe(
      'CaseRefused: clue 0 (alone_with_murderer, "Ben"): "Ben" is not the victim ("Zed"); only the victim is alone with the murderer',
    );
  });

  test('plan: unlisted cells are outside it, two objects on a cell in our order, ids slugged, names humanised, floors differ across walls', () => {
    const cells = mini([]).grid.cells.filter((c) => !(c.row === 3 && c.col === 0));
    const { pub } = fromCrimedoku(mini([], cells), WHERE, { genders: { Kim: 'f', Zed: 'm' } });
    expect(pub.roomOf[3]![0]).toBeNull();
    expect(pub.objects[3]![0]).toBeNull();
    expect(pub.objects[1]![2]).toEqual(['chair', 'carpet']);
    expect(pub.rooms.map((r) => [r.id, r.name, r.at])).toEqual([
      ['kitchen', { de: 'Küche', en: 'Kitchen' }, { de: 'in der Küche', en: 'in the kitchen' }],
      ['secret-lab', { de: 'Secret lab', en: 'Secret lab' }, { de: 'im Raum „Secret lab“', en: 'in the secret lab' }],
    ]);
    expect(pub.rooms[0]!.floor).not.toBe(pub.rooms[1]!.floor);
    expect(() => modelFromPublic(pub, WHERE)).not.toThrow();
    expect([slug('Anna-Lena Ö.'), slug('living_room'), humanise('living_room'), roomWords('dining_room').place.de.word]).toEqual(['anna-lena-o', 'living-room', 'Living room', 'Esszimmer']);
  });

  test('genders: our list of names, then --gender, else m with a warning; cards name their person, so no text shows a guess', () => {
    const c = mini([
      { type: 'same_column_as_object', person: 'Zed', object: 'chair' },
      { type: 'only_on_object', person: 'Zed', object: 'carpet' },
    ]);
    const { pub, warnings } = fromCrimedoku(c, WHERE);
    expect(pub.people.map((p) => p.gender)).toEqual(['f', 'm', 'm', 'm']);
    expect(warnings).toEqual([
      'gender of "Kim" unknown, taken as m (give --gender Kim=f or =m); the cards name the person, so no text shows it',
      'gender of "Zed" unknown, taken as m (give --gender Zed=f or =m); the cards name the person, so no text shows it',
    ]);
    expect(pub.people[3]!.clues.map((x) => x.text)).toEqual([
      { de: 'Das Opfer. Zed war mit dem Täter allein.', en: 'The victim. Zed was alone with the murderer.' },
      { de: 'Zed war in derselben Spalte wie ein Stuhl im selben Raum.', en: 'Zed was in the same column as a chair in the same room.' },
      { de: 'Zed war die einzige Person auf einem Teppich.', en: 'Zed was the only one on a carpet.' },
    ]);
    const given = fromCrimedoku(c, WHERE, { genders: { Kim: 'f', Zed: 'f', Nobody: 'm' } });
    expect(given.pub.people.map((p) => p.gender)).toEqual(['f', 'm', 'f', 'f']);
    expect(given.warnings).toEqual(['--gender Nobody: the case has nobody of that name']);
  });

  test('refusals of a readable case: one line, the clue named', () => {
    expect(outcome(() => fromCrimedoku(mini([{ type: 'in_corner', person: 'Anna', invert: false }]), WHERE))).toBe('ok');
    expect(outcome(() => fromCrimedoku(mini([{ type: 'only_on_object', person: 'Anna', object: 'chair', invert: true }]), WHERE))).toMatch(/^CaseRefused: clue 0 \(only_on_object, "Anna"\): "invert" is ignored there by crimedoku itself/);
    expect(outcome(() => fromCrimedoku(mini([{ type: 'with_person', person: 'Anna', target: 'Anna' }]), WHERE))).toBe('CaseRefused: clue 0 (with_person, "Anna"): compares "Anna" with themselves');
    expect(outcome(() => fromCrimedoku(mini([{ type: 'on_object', person: 'Anna', object: 'sofa' }]), WHERE))).toBe(
      'InputError: case.json /clues/0/object: clue 0 (on_object, "Anna"): unknown object "sofa" (crimedoku\'s objects: window, bed, carpet, chair, gift, cash_register, plant, table, tv, bookshelf, rubbish, rock, computer, box, statue)',
    );
    expect(outcome(() => fromCrimedoku(mini([{ type: 'in_room', person: 'Nobody', room: 'kitchen' }]), WHERE))).toBe('InputError: case.json /clues/0/person: clue 0 (in_room, "Nobody"): "Nobody" is not one of the people');
    expect(outcome(() => fromCrimedoku({ ...mini([]), people: ['Anna', 'Ben', 'Zed'] }, WHERE))).toBe('CaseRefused: 3 people on a 4×4 grid: a puzzlemill case has one person per row and column');
    expect(outcome(() => fromCrimedoku({ ...mini([]), grid: { rows: 3, cols: 3, cells: [] }, people: ['A', 'B', 'Zed'] }, WHERE))).toBe('CaseRefused: the grid is 3×3: a puzzlemill case is 4×4 to 9×9');
    // refused before anything the size of the grid is made
    expect(outcome(() => fromCrimedoku({ ...mini([]), grid: { rows: 1e9, cols: 1e9, cells: [] } }, WHERE))).toBe('CaseRefused: the grid is 1000000000×1000000000: a puzzlemill case is 4×4 to 9×9');
    expect(outcome(() => fromCrimedoku({ grid: { rows: 4 }, people: [], victim: 'x', clues: [] }, WHERE))).toBe('InputError: case.json /grid/cols: expected a positive integer, found undefined');
    // a room in two pieces is a crimedoku case but not ours
    const split = mini([]).grid.cells.map((c) => (c.row === 2 && c.col < 2 ? { ...c, room: 'secret_lab' } : c));
    expect(outcome(() => imported(mini([], split), 'readme', { Kim: 'f', Zed: 'm' }))).toBe('CaseRefused: cannot be a puzzlemill case: /public/roomOf/3/0 room 0 is not connected');
  });

  test('isCrimedoku: by its fields', () => {
    expect(isCrimedoku(sample('cottage-4.json'))).toBe(true);
    expect(isCrimedoku({ grid: { rows: 4 }, people: [], victim: 'x', clues: [] })).toBe(false);
    expect(isCrimedoku({ format: 'puzzlemill/murder-case' })).toBe(false);
    expect(isCrimedoku([sample('cottage-4.json')])).toBe(false);
  });
});

/** The samples, their worked-out solutions and murderers, and what each import gives. */
const SAMPLES: Array<{ file: string; positions: Record<string, [number, number]>; murderer: string; level?: string; genders?: Record<string, 'f' | 'm'> }> = [
  { file: 'cottage-4.json', positions: { anna: [0, 3], ben: [1, 1], clara: [3, 2], zed: [2, 0] }, murderer: 'clara', level: 'easy' },
  { file: 'shop-5.json', positions: { emma: [1, 2], felix: [0, 0], greta: [3, 3], hugo: [2, 4], ida: [4, 1] }, murderer: 'greta', level: 'easy' },
  { file: 'garden-5.json', positions: { paula: [0, 2], theo: [4, 1], vera: [3, 3], simon: [1, 4], rosa: [2, 0] }, murderer: 'rosa', level: 'easy' },
  // needs the relation rules (above/below bounds, onlyWith, sameRoomAs)
  { file: 'manor-6.json', positions: { julia: [0, 1], karl: [1, 2], lena: [2, 3], max: [3, 4], nora: [4, 5], otto: [5, 0] }, murderer: 'max' },
  // every clue type and every `invert` crimedoku reads, in one case (made by a script here: random
  // hidden solutions on a hand-drawn 7×7 plan, true clues, minimised keeping one of each)
  { file: 'every-clue-7.json', positions: { anna: [1, 1], bernd: [0, 6], clara: [6, 3], dieter: [5, 2], emma: [4, 5], felix: [2, 0], greta: [3, 4] }, murderer: 'clara', level: 'medium' },
];

describe('the hand-made samples', () => {
  test('together they use every clue type, invert, cells outside the plan, a cell with two objects, only_one_person_on', () => {
    const all = SAMPLES.map((s) => sample(s.file));
    const types = new Set(all.flatMap((c) => c.clues.map((x) => x.type)));
    expect([...types].sort()).toEqual(
      ['above_person', 'alone_in_room', 'alone_with_murderer', 'at_column', 'at_corner', 'below_person', 'in_corner', 'in_room', 'in_same_room_as_person', 'left_of', 'next_to_object', 'not_next_to_wall', 'on_object', 'only_on_object', 'only_one_person_on', 'only_with_person', 'same_column_as_object', 'with_person'].sort(),
    );
    const inverted = new Set(all.flatMap((c) => c.clues.filter((x) => x.invert === true).map((x) => x.type)));
    expect([...inverted].sort()).toEqual(['in_room', 'in_same_room_as_person', 'next_to_object', 'on_object', 'with_person']);
    expect(all.some((c) => c.grid.cells.length < c.grid.rows * c.grid.cols)).toBe(true);
    expect(all.some((c) => c.grid.cells.some((cell) => (cell.objects ?? []).length >= 2))).toBe(true);
    expect(all.map((c) => c.grid.rows)).toEqual([4, 5, 5, 6, 7]);
  });

  test('every-clue-7 alone uses every clue type and every invert, and imports as one graded case', () => {
    const c = sample('every-clue-7.json');
    const keys = new Set(c.clues.map((x) => x.type + (x.invert === true ? '!' : '')));
    for (const type of ['in_room', 'on_object', 'next_to_object', 'with_person', 'in_same_room_as_person']) expect(keys).toContain(type + '!');
    for (const type of ['above_person', 'alone_in_room', 'alone_with_murderer', 'at_column', 'at_corner', 'below_person', 'in_corner', 'in_room', 'in_same_room_as_person', 'left_of', 'next_to_object', 'not_next_to_wall', 'on_object', 'only_on_object', 'only_one_person_on', 'only_with_person', 'same_column_as_object', 'with_person']) {
      expect(keys).toContain(type);
    }
    const out = imported(c);
    const kinds = new Set(out.public.people.flatMap((p) => p.clues.map((x) => x.kind)));
    expect(kinds.size).toBeGreaterThanOrEqual(19);
    expect(out.public.facts).toEqual([expect.objectContaining({ kind: 'peopleOnObject', compare: 'atMost', count: 1 })]);
  });

  test.each(SAMPLES)('$file: the counter finds exactly the worked-out solution', ({ file, positions }) => {
    const { pub } = fromCrimedoku(sample(file), WHERE);
    const model = modelFromPublic(pub, WHERE);
    const counted = countSolutions(model, { limit: 2 });
    expect(counted.count).toBe(1);
    expect(Object.fromEntries(model.people.map((p, i) => [p.id, [(counted.solutions[0]![i]! / 9) | 0, counted.solutions[0]![i]! % 9]]))).toEqual(positions);
  });

  test.each(SAMPLES)('$file: imported, graded, verified (should be guess-free)', ({ file, positions, murderer, level }) => {
    const out = imported(sample(file));
    expect(out.secret!.solution).toEqual({ positions, murderer });
    if (level) expect(out.public.level!.name).toBe(level);
    expect(out.secret!.seed).toMatch(/^import\/crimedoku\/[0-9a-f]{16}$/);
    expect(verifyCase(out)).toMatchObject({ ok: true, problems: [] });
  });

  test('the README reading and the code reading of next_to_object and not_next_to_wall give different cases', () => {
    // shop-5: Emma's cell touches the office: not at the plan's edge, but beside a room wall
    expect(outcome(() => imported(sample('shop-5.json'), 'code'))).toBe('CaseRefused: no solution: no placement satisfies every clue');
    // garden-5: Paula is next to the statue across a wall only
    expect(outcome(() => imported(sample('garden-5.json'), 'code'))).toBe('CaseRefused: no solution: no placement satisfies every clue');
  });

  test('the bad samples: their one-line refusals', () => {
    expect(outcome(() => imported(sample('bad-two-solutions.json')))).toBe('CaseRefused: more than one solution: clara at [2, 0] or [3, 2], zed at [3, 2] or [2, 0]');
    expect(outcome(() => imported(sample('bad-unknown-clue.json')))).toMatch(/^CaseRefused: clue 2 \(in_row, "Ben"\): not a crimedoku clue type we know \(in_room, on_object, /);
    expect(outcome(() => imported(sample('bad-unknown-object.json')))).toBe(
      "InputError: case.json /grid/cells/1/objects/0: unknown object \"sofa\" (crimedoku's objects: window, bed, carpet, chair, gift, cash_register, plant, table, tv, bookshelf, rubbish, rock, computer, box, statue, __void__)",
    );
    expect(outcome(() => imported(sample('bad-not-square.json')))).toBe('CaseRefused: the grid is 4×5: a puzzlemill case is square');
    expect(outcome(() => imported(sample('bad-invert-ignored.json')))).toMatch(/^CaseRefused: clue 3 \(in_corner, "Clara"\): "invert" is ignored there by crimedoku itself/);
  });
});

describe('crimedoku\'s "__void__"', () => {
  test('a cell listed with room "__void__" is outside the plan, as an unlisted one', () => {
    const c = sample('cottage-4.json');
    const listed = { ...c, grid: { ...c.grid, cells: [...c.grid.cells, { row: 2, col: 3, room: '__void__', objects: ['__void__'] }, { row: 3, col: 3, room: '__void__' }] } };
    expect(caseFingerprint(imported(listed))).toBe(caseFingerprint(imported(c)));
  });
  test('the "__void__" object inside a room is a declared blocking cell, and goes back out as "__void__"', () => {
    const c = sample('cottage-4.json');
    const blocked = { ...c, grid: { ...c.grid, cells: c.grid.cells.map((cell) => (cell.row === 0 && cell.col === 1 ? { ...cell, objects: ['__void__'] } : cell)) } };
    const out = imported(blocked);
    expect(out.public.objectTypes).toEqual([expect.objectContaining({ id: 'void', blocking: true })]);
    expect(out.public.objects[0]![1]).toBe('void');
    expect(verifyCase(out).ok).toBe(true);
    const back = toCrimedoku(out.public);
    expect(back.grid.cells.find((cell) => cell.row === 0 && cell.col === 1)!.objects).toEqual(['__void__']);
    expect(caseFingerprint(imported(back))).toBe(caseFingerprint(out));
  });
  test('objects on a "__void__" cell are refused, naming the cell', () => {
    const c = sample('cottage-4.json');
    const bad = { ...c, grid: { ...c.grid, cells: [...c.grid.cells, { row: 2, col: 3, room: '__void__', objects: ['chair'] }] } };
    expect(outcome(() => imported(bad))).toBe('InputError: case.json /grid/cells/14/objects: objects on a "__void__" cell, which is outside the plan');
  });
  test('a person called "constructor" is a person, not a prototype member', () => {
    const c = sample('cottage-4.json');
    const renamed = JSON.parse(JSON.stringify(c).replaceAll('"Anna"', '"constructor"')) as CrimedokuCase;
    expect(imported(renamed, 'readme', { constructor: 'f' } as Record<string, 'f' | 'm'>).public.people[0]!.gender).toBe('f');
    expect(imported(renamed).public.people[0]!.gender).toBe('m');
  });
});

describe('export and the round trip', () => {
  const readBack = (c: CrimedokuCase, reading: CrimedokuReading = 'readme') => fromCrimedoku(JSON.parse(JSON.stringify(c)), WHERE, { reading }).pub;
  const fingerprint = (pub: MurderPublicInput) => caseFingerprint({ format: 'puzzlemill/murder-case', version: 1, id: 'x', public: pub });

  test.each(SAMPLES.map((s) => s.file))('%s: import → export → import is the same case', (file) => {
    for (const reading of ['readme', 'code'] as const) {
      const first = fromCrimedoku(sample(file), WHERE, { reading }).pub;
      const back = toCrimedoku(first, { reading });
      const again = readBack(back, reading);
      expect(fingerprint(again)).toBe(fingerprint(first));
      expect(again).toEqual(first);
      // and exported again, the same file
      expect(toCrimedoku(again, { reading })).toEqual(back);
    }
  });

  test('alone and inRoom on one card become alone_in_room; the victim its alone_with_murderer; the fact only_one_person_on', () => {
    const back = toCrimedoku(fromCrimedoku(sample('manor-6.json'), WHERE).pub);
    expect(back.clues.filter((c) => c.person === 'Julia')).toEqual([{ type: 'alone_in_room', person: 'Julia', room: 'library' }, { type: 'above_person', person: 'Julia', target: 'Karl' }]);
    expect(back.clues.filter((c) => c.person === 'Lena')[0]).toEqual({ type: 'alone_with_murderer', person: 'Lena' });
    const shop = toCrimedoku(fromCrimedoku(sample('shop-5.json'), WHERE).pub);
    expect(shop.clues.at(-1)).toEqual({ type: 'only_one_person_on', object: 'chair' });
    expect(shop.grid.cells.find((c) => c.row === 0 && c.col === 0)).toEqual({ row: 0, col: 0, room: 'shop', objects: ['cash_register'] });
  });

  test('what the format cannot say is refused in one line', () => {
    const pub = fromCrimedoku(sample('cottage-4.json'), WHERE).pub;
    const withClue = (clue: object, person = 0): MurderPublicInput => ({ ...pub, people: pub.people.map((p, i) => (i === person ? { ...p, clues: [...p.clues, { ...clue, text: { de: 'x', en: 'x' } } as never] } : p)) });
    const refusal = (p: MurderPublicInput, reading: CrimedokuReading = 'readme') => outcome(() => toCrimedoku(p, { reading }));
    expect(refusal(withClue({ kind: 'row', row: 0 }))).toBe("NotExpressible: anna's clue row: crimedoku has no clue of that meaning");
    expect(refusal(withClue({ kind: 'withAnother', gender: 'm', room: 'kitchen' }))).toBe("NotExpressible: anna's clue withAnother: crimedoku has no clue of that meaning");
    expect(refusal(withClue({ kind: 'notRoomCorner' }))).toBe("NotExpressible: anna's clue notRoomCorner: crimedoku has no clue of that meaning");
    expect(refusal(withClue({ kind: 'rightOf', person: 'ben' }))).toBe("NotExpressible: anna's clue rightOf: crimedoku has no clue of that meaning");
    expect(refusal(withClue({ kind: 'leftOfObject', object: 'window', where: 'anywhere' }))).toBe(
      "NotExpressible: anna's clue leftOfObject with the object anywhere: crimedoku's left_of asks for the own room or another one",
    );
    expect(refusal(withClue({ kind: 'besideObject', object: 'window' }))).toMatch(/^NotExpressible: anna's clue besideObject: crimedoku's next_to_object means any orthogonal neighbour/);
    expect(refusal(withClue({ kind: 'besideObject', object: 'window' }), 'code')).toBe('ok');
    expect(refusal(withClue({ kind: 'notBesideWall' }))).toMatch(/^NotExpressible: anna's clue notBesideWall: crimedoku's not_next_to_wall means not at the grid edge/);
    expect(refusal(withClue({ kind: 'alone' }))).toBe('ok'); // Anna's card says which room: alone_in_room
    expect(refusal(withClue({ kind: 'alone' }, 1))).toBe('NotExpressible: ben: "alone" without a room on the card: crimedoku has only alone_in_room(room)');
    expect(refusal(withClue({ kind: 'onObject', object: 'sofa' }))).toMatch(/^NotExpressible: anna's clue onObject: crimedoku has no object "sofa"/);
    expect(refusal({ ...pub, facts: [{ kind: 'emptyRooms', count: 1, text: { de: 'Genau ein Raum war leer.', en: 'Exactly one room was empty.' } }] })).toBe(
      'NotExpressible: the fact "Exactly one room was empty.": crimedoku has only "at most one person on" an object',
    );
    expect(refusal({ ...pub, facts: [{ kind: 'peopleOnObject', object: 'chair', compare: 'exactly', count: 1, text: { de: 'x', en: 'Exactly one person was on a chair.' } }] })).toMatch(/^NotExpressible: the fact "Exactly one person/);
    expect(refusal({ ...pub, objectTypes: [{ id: 'harp', blocking: true, name: { de: { word: 'Harfe', gender: 'f' }, en: { word: 'harp' } } }] })).toBe('NotExpressible: declares its own objects (harp): crimedoku knows only its 15');
  });
});
