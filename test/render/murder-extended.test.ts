/**
 * The picture of a case with everything issue 26 added. The case: a hand-made 6×6 Murder case with everything issue 26 added, for the picture tests: every new clue
 * kind, three case facts, two cells outside the plan, a cell with a chair on a carpet, the six new
 * built-in objects, two declared objects (a blocking piano, a standable hammock), no level claim,
 * and a secret with only the solution. Its clues are true in that solution (the test checks it
 * with the reference semantics); the card texts are our sentences (`clueText`, `factText`).
 *
 *        0   1   2   3   4   5
 *   0    a   a   a   b   b   #      # = outside the plan
 *   1    a   a   a   b   b   b      a library, b kitchen, c hallway, d living room (empty),
 *   2    c   c   d   e   e   e      e shop (victim Eva and murderer Dieter), f terrace
 *   3    c   c   d   e   e   e
 *   4    c   c   d   e   e   e
 *   5    #   c   f   f   e   e
 *
 *   people: Anna (0,1) on chair + carpet, Bernd (1,3), Clara (2,0), Dieter (3,4), Eva (4,5), Felix (5,2) on the hammock
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cellAt } from '../../src/murder/cells.ts';
import { readCaseFile } from '../../src/murder/model.ts';
import type { CaseFact, ClueFact, MurderCaseInput, MurderPublicInput } from '../../src/murder/schema.ts';
import { CLUE_KINDS } from '../../src/murder/schema.ts';
import { cardTexts, factText, textContextOf } from '../../src/murder/texts/clues.ts';
import type { Place } from '../../src/murder/texts/grammar.ts';
import { isSolution } from '../../src/murder/truth.ts';
import { BUILTIN_LOOKS, objectLooks } from '../../src/render/murder/icons.ts';
import { murderPicture } from '../../src/render/murder/index.ts';
import { iconSlots } from '../../src/render/murder/plan.ts';
import { svgToPng } from '../../src/render/png.ts';
import { pngSize } from '../helpers/png.ts';
import { allTexts, countClass, textsOfClass, wellFormed } from './svg-helpers.ts';

const PLACES: Record<string, Place> = {
  library: { de: { word: 'Bibliothek', gender: 'f', prep: 'in' }, en: { word: 'library', prep: 'in' } },
  kitchen: { de: { word: 'Küche', gender: 'f', prep: 'in' }, en: { word: 'kitchen', prep: 'in' } },
  hallway: { de: { word: 'Flur', gender: 'm', prep: 'in' }, en: { word: 'hallway', prep: 'in' } },
  'living-room': { de: { word: 'Wohnzimmer', gender: 'n', prep: 'in' }, en: { word: 'living room', prep: 'in' } },
  shop: { de: { word: 'Laden', gender: 'm', prep: 'in' }, en: { word: 'shop', prep: 'in' } },
  terrace: { de: { word: 'Terrasse', gender: 'f', prep: 'auf' }, en: { word: 'terrace', prep: 'on' } },
};
const ROOMS: Record<string, string> = { a: 'library', b: 'kitchen', c: 'hallway', d: 'living-room', e: 'shop', f: 'terrace' };
const FLOORS: Record<string, string> = { library: 'parquet', kitchen: 'tiles', hallway: 'stone', 'living-room': 'carpeting', shop: 'linoleum', terrace: 'decking' };

const PLAN = ['aaabb#', 'aaabbb', 'ccdeee', 'ccdeee', 'ccdeee', '#cffee'];

type Cell = null | string | string[];
const OBJECTS: Cell[][] = [
  ['bookshelf', ['chair', 'carpet'], null, 'window', null, null],
  [null, null, 'chair', null, 'cash-register', 'tv'],
  [null, 'plant', 'computer', null, null, null],
  [null, null, null, null, null, null],
  [null, null, 'piano', null, 'sofa', null],
  [null, null, 'hammock', 'gift', null, 'rubbish'],
];

const PEOPLE: Array<{ id: string; name: string; gender: 'f' | 'm'; at: [number, number]; clues: ClueFact[] }> = [
  { id: 'anna', name: 'Anna', gender: 'f', at: [0, 1], clues: [{ kind: 'onlyOnObject', object: 'chair' }, { kind: 'above', person: 'clara' }, { kind: 'leftOfObject', object: 'window', where: 'anywhere' }] },
  { id: 'bernd', name: 'Bernd', gender: 'm', at: [1, 3], clues: [{ kind: 'notSameRoomAs', person: 'anna' }, { kind: 'sameColumnAsObject', object: 'window', where: 'ownRoom' }, { kind: 'adjacentObject', object: 'chair' }] },
  {
    id: 'clara', name: 'Clara', gender: 'f', at: [2, 0],
    clues: [{ kind: 'below', person: 'anna' }, { kind: 'leftOf', person: 'dieter' }, { kind: 'notAdjacentObject', object: 'tv' }, { kind: 'sameRowAsObject', object: 'computer', where: 'otherRoom' }],
  },
  { id: 'dieter', name: 'Dieter', gender: 'm', at: [3, 4], clues: [{ kind: 'sameRoomAs', person: 'eva' }, { kind: 'notBesideWall' }, { kind: 'notBesideEdge' }] },
  {
    id: 'eva', name: 'Eva', gender: 'f', at: [4, 5],
    clues: [{ kind: 'victim' }, { kind: 'rightOf', person: 'felix' }, { kind: 'onlyWith', person: 'dieter' }, { kind: 'aboveObject', object: 'rubbish', where: 'ownRoom' }],
  },
  { id: 'felix', name: 'Felix', gender: 'm', at: [5, 2], clues: [{ kind: 'belowObject', object: 'cash-register', where: 'otherRoom' }, { kind: 'rightOfObject', object: 'plant', where: 'otherRoom' }, { kind: 'onlyOnObject', object: 'hammock' }] },
];

const FACTS: CaseFact[] = [
  { kind: 'peopleOnObject', object: 'chair', compare: 'atMost', count: 1 },
  { kind: 'peopleOnObject', object: 'hammock', compare: 'exactly', count: 1 },
  { kind: 'emptyRooms', count: 1 },
];

/** The case as a file a reader accepts (`readCaseFile`), with our card and fact texts. */
function extendedCase(): MurderCaseInput {
  const pub: MurderPublicInput = {
    size: 6,
    rooms: Object.values(ROOMS).map((id) => ({ id, name: { de: PLACES[id]!.de.word, en: PLACES[id]!.en.word }, floor: FLOORS[id]! })),
    roomOf: PLAN.map((row) => [...row].map((letter) => (letter === '#' ? null : ROOMS[letter]!))),
    objects: OBJECTS,
    objectTypes: [
      { id: 'piano', blocking: true, name: { de: { word: 'Klavier', gender: 'n' }, en: { word: 'piano' } } },
      { id: 'hammock', blocking: false, name: { de: { word: 'Hängematte', gender: 'f' }, en: { word: 'hammock' } } },
    ],
    people: PEOPLE.map((p) => ({ id: p.id, name: p.name, gender: p.gender, clues: [] })),
  };
  const context = textContextOf(pub, (id) => PLACES[id]!);
  pub.people = PEOPLE.map((p) => {
    const texts = cardTexts({ name: p.name, gender: p.gender }, p.clues, context);
    return { id: p.id, name: p.name, gender: p.gender, clues: p.clues.map((fact, k) => ({ ...fact, text: texts[k]! })) as MurderPublicInput['people'][number]['clues'] };
  });
  pub.facts = FACTS.map((fact) => ({ ...fact, text: factText(fact, context) })) as MurderPublicInput['facts'];
  return {
    format: 'puzzlemill/murder-case',
    version: 1,
    id: 'hand-made-extended-6',
    public: pub,
    secret: { solution: { positions: Object.fromEntries(PEOPLE.map((p) => [p.id, p.at])), murderer: 'dieter' } },
  } as MurderCaseInput;
}

/** The people's cells in the solution, in card order. */
const EXTENDED_CELLS: ReadonlyArray<readonly [number, number]> = PEOPLE.map((p) => p.at);

const SHEET_KINDS = ['victim', 'row', 'column', 'inRoom', 'notInRoom', 'onObject', 'notOnObject', 'besideObject', 'notBesideObject', 'roomCorner', 'notRoomCorner', 'withAnother', 'alone'];

describe('the hand-made case', () => {
  test('is read, uses every new kind, and its clues and facts are true in its solution', () => {
    const { model } = readCaseFile(extendedCase(), { source: 'extended' });
    const used = new Set(model.people.flatMap((p) => p.clues.map((c) => c.kind)));
    for (const kind of CLUE_KINDS.filter((k) => !SHEET_KINDS.includes(k))) expect(used, kind).toContain(kind);
    expect(isSolution(model, Int8Array.from(EXTENDED_CELLS, ([r, c]) => cellAt(r, c)))).toBe(true);
  });
});

describe.each(['de', 'en'] as const)('picture (%s)', (lang) => {
  const file = extendedCase();
  const pub = file.public;
  const { svg } = murderPicture(file, { solution: false, lang });
  const texts = allTexts(svg).join('\n');

  test('well formed, every card text and every fact on the picture', () => {
    expect(wellFormed(svg)).toBe(true);
    expect(countClass(svg, 'card')).toBe(6);
    // wrapped lines joined back: each clue's text appears whole, in card order
    const clues = textsOfClass(svg, 'clue').join(' ');
    const expected = pub.people.flatMap((p) => p.clues.map((c) => c.text[lang])).join(' ');
    expect(clues).toBe(expected);
    expect(textsOfClass(svg, 'facts-title')).toEqual([lang === 'de' ? 'Fakten' : 'Facts']);
    expect(textsOfClass(svg, 'fact').join(' ')).toBe(pub.facts!.map((f) => f.text[lang]).join(' '));
    for (const fact of pub.facts!) expect(fact.text[lang].length).toBeGreaterThan(0);
  });

  test('no floor and no icon on the cells outside the plan; the outline runs around them', () => {
    expect(countClass(svg, 'floor')).toBe(36 - 2);
    // icons on the plan: 13 cells with objects, one of them with two
    expect(countClass(svg, 'object') - countClass(svg, 'legend-object')).toBe(14);
    expect(countClass(svg, 'outline')).toBe(1);
    // nothing is drawn inside the two outside cells (their squares are free of floors and icons)
    const floors = [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="[\d.]+" class="floor"/g)].map((m) => m.slice(1).map(Number));
    const S = floors[0]![2]!;
    const planX = Math.min(...floors.map((f) => f[0]!));
    const planY = Math.min(...floors.map((f) => f[1]!));
    const boxes = [[0, 5], [5, 0]].map(([r, c]) => ({ x0: planX + c! * S, y0: planY + r! * S }));
    const placed = [
      ...floors.map(([x, y]) => [x!, y!]),
      ...[...svg.matchAll(/class="object [^"]*" transform="translate\(([\d.]+) ([\d.]+)\)/g)].map((m) => [Number(m[1]), Number(m[2])]),
    ];
    expect(placed.length).toBe(34 + 14 + countClass(svg, 'legend-object'));
    for (const [x, y] of placed) {
      for (const b of boxes) expect(x >= b.x0 + 0.5 && x < b.x0 + S - 0.5 && y >= b.y0 + 0.5 && y < b.y0 + S - 0.5, `${x},${y}`).toBe(false);
    }
  });

  test('the two objects of a cell side by side, the declared objects drawn and named in the legend', () => {
    const chair = [...svg.matchAll(/class="object object-(chair|carpet)" transform="translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)/g)].map((m) => ({ id: m[1], x: Number(m[2]), y: Number(m[3]), scale: Number(m[4]) }));
    const onAnna = chair.filter((c) => c.y === chair[0]!.y); // row 0, not the chair of row 1 or the legend
    expect(onAnna.map((c) => c.id)).toEqual(['chair', 'carpet']);
    expect(onAnna[1]!.x - onAnna[0]!.x).toBeGreaterThanOrEqual(onAnna[0]!.scale * 100); // no overlap
    expect(countClass(svg, 'declared-object')).toBe(2 + 2); // on the plan and in the legend
    const names = lang === 'de' ? ['Klavier', 'Hängematte'] : ['piano', 'hammock'];
    for (const name of names) expect(texts).toContain(name);
    for (const id of ['window', 'gift', 'cash-register', 'tv', 'computer', 'rubbish']) expect(countClass(svg, `object-${id}`), id).toBe(2);
  });

  test('no level claim: said so in the subtitle', () => {
    expect(texts).toContain(lang === 'de' ? 'Stufe nicht angegeben' : 'level not stated');
  });

  test('with the solution: six tokens, the murderer marked, renders to PNG', () => {
    const solved = murderPicture(file, { solution: true, lang }).svg;
    expect(countClass(solved, 'person')).toBe(6);
    expect(countClass(solved, 'murderer-tag')).toBe(1);
    const png = svgToPng(solved, { scale: 1 });
    expect(pngSize(png)).not.toBeNull();
    // to look at the pictures: MURDER_PICTURES=/some/dir npx vitest run test/render/murder-extended.test.ts
    const dir = process.env.MURDER_PICTURES;
    if (dir) {
      writeFileSync(join(dir, `extended-${lang}.svg`), svg);
      writeFileSync(join(dir, `extended-${lang}-solution.png`), png);
      writeFileSync(join(dir, `extended-${lang}.png`), svgToPng(svg, { scale: 1 }));
    }
  });
});

describe('pieces', () => {
  test('one to four objects on a cell: inside the cell, no two overlapping, the token corner free for two or three', () => {
    for (let count = 1; count <= 4; count++) {
      const slots = iconSlots(count);
      expect(slots).toHaveLength(count);
      for (const [x, y, size] of slots) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeGreaterThanOrEqual(0.24); // below the room name's band
        expect(x + size).toBeLessThanOrEqual(1);
        expect(y + size).toBeLessThanOrEqual(1);
      }
      for (let i = 0; i < count; i++) {
        for (let j = i + 1; j < count; j++) {
          const [a, b] = [slots[i]!, slots[j]!];
          const apart = a[0] + a[2] <= b[0] || b[0] + b[2] <= a[0] || a[1] + a[2] <= b[1] || b[1] + b[2] <= a[1];
          expect(apart, `${count}: ${i} ${j}`).toBe(true);
        }
      }
      // the token's centre (0.76, 0.74) lies on no icon of two or three (a single one is centred, as on the sheet's plans)
      if (count === 2 || count === 3) for (const [x, y, size] of slots) expect(0.76 >= x && 0.76 <= x + size && 0.74 >= y && 0.74 <= y + size).toBe(false);
    }
  });

  test('declared objects get the shortest prefix of their name no other declared object shares', () => {
    const type = (id: string, de: string, en: string) => ({ id, blocking: false, name: { de: { word: de, gender: 'm' as const }, en: { word: en } } });
    const looks = objectLooks({ objectTypes: [type('umbrella', 'Schirmständer', 'umbrella stand'), type('wardrobe', 'Schrank', 'wardrobe'), type('piano', 'Klavier', 'piano')] }, 'de');
    expect([...looks.declared.values()].map((l) => l.tag)).toEqual(['Schi', 'Schr', 'Kl']);
    const en = objectLooks({ objectTypes: [type('a', 'A', 'cart'), type('b', 'B', 'carton'), type('c', 'C', 'cartridge')] }, 'en');
    expect([...en.declared.values()].map((l) => l.tag)).toEqual(['C1', 'C2', 'C3']); // "cart" is a prefix of both others
    expect(objectLooks({}, 'en')).toBe(BUILTIN_LOOKS);
  });
});
