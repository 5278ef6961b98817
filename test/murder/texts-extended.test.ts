/**
 * The card texts of the clue kinds beyond the sheet and the sentences of case facts (issue 26), as
 * exact strings: one German and English example per kind and fact, the speaker's gender where the
 * sentence depends on it ("die Einzige" / "der Einzige", "in ihrem" / "in seinem Raum"), the
 * nominative after "wie" and "als", the objects one stands "an" / "bei" rather than "auf", declared
 * objects, and cards that name their person ("Axel war …").
 */
import { describe, expect, test } from 'vitest';
import type { CaseFact, ClueFact, MurderPublicInput } from '../../src/murder/schema.ts';
import { cardTexts, clueText, factText, textContextOf, type TextContext } from '../../src/murder/texts/clues.ts';
import type { Place } from '../../src/murder/texts/grammar.ts';

const STUDY: Place = { de: { word: 'Arbeitszimmer', gender: 'n', prep: 'in' }, en: { word: 'study', prep: 'in' } };
const NAMES: Record<string, string> = { axel: 'Axel', bea: 'Bea' };
const context: TextContext = { size: 6, place: () => STUDY, person: (id) => NAMES[id] ?? id };

type Case = [ClueFact, 'f' | 'm', string, string];

describe('clue kinds beyond the sheet', () => {
  const cases: Case[] = [
    [{ kind: 'sameRoomAs', person: 'axel' }, 'f', 'Sie war im selben Raum wie Axel.', 'She was in the same room as Axel.'],
    [{ kind: 'notSameRoomAs', person: 'bea' }, 'm', 'Er war nicht im selben Raum wie Bea.', 'He was not in the same room as Bea.'],
    [{ kind: 'onlyWith', person: 'axel' }, 'f', 'Sie war mit Axel allein im Raum.', 'She was alone in the room with Axel.'],
    [{ kind: 'above', person: 'bea' }, 'm', 'Er war weiter oben als Bea.', 'He was further up than Bea.'],
    [{ kind: 'below', person: 'axel' }, 'f', 'Sie war weiter unten als Axel.', 'She was further down than Axel.'],
    [{ kind: 'leftOf', person: 'bea' }, 'f', 'Sie war weiter links als Bea.', 'She was further left than Bea.'],
    [{ kind: 'rightOf', person: 'axel' }, 'm', 'Er war weiter rechts als Axel.', 'He was further right than Axel.'],
    [{ kind: 'adjacentObject', object: 'plant' }, 'f', 'Sie war neben einer Pflanze, vielleicht durch eine Wand getrennt.', 'She was next to a plant, perhaps across a wall.'],
    [{ kind: 'notAdjacentObject', object: 'tv' }, 'm', 'Er war neben keinem Fernseher, auch nicht durch eine Wand getrennt.', 'He was not next to a TV, not even across a wall.'],
    // "wie" and "als" compare with the subject: the object stands in the nominative
    [{ kind: 'sameRowAsObject', object: 'chair', where: 'ownRoom' }, 'f', 'Sie war in derselben Reihe wie ein Stuhl in ihrem Raum.', 'She was in the same row as a chair in her room.'],
    [{ kind: 'sameRowAsObject', object: 'chair', where: 'ownRoom' }, 'm', 'Er war in derselben Reihe wie ein Stuhl in seinem Raum.', 'He was in the same row as a chair in his room.'],
    [{ kind: 'sameColumnAsObject', object: 'plant', where: 'otherRoom' }, 'm', 'Er war in derselben Spalte wie eine Pflanze in einem anderen Raum.', 'He was in the same column as a plant in another room.'],
    [{ kind: 'sameColumnAsObject', object: 'bed', where: 'anywhere' }, 'f', 'Sie war in derselben Spalte wie ein Bett.', 'She was in the same column as a bed.'],
    [{ kind: 'leftOfObject', object: 'window', where: 'anywhere' }, 'f', 'Sie war weiter links als ein Fenster.', 'She was further left than a window.'],
    [{ kind: 'rightOfObject', object: 'cash-register', where: 'ownRoom' }, 'm', 'Er war weiter rechts als eine Kasse in seinem Raum.', 'He was further right than a cash register in his room.'],
    [{ kind: 'aboveObject', object: 'armchair', where: 'otherRoom' }, 'f', 'Sie war weiter oben als ein Sessel in einem anderen Raum.', 'She was further up than an armchair in another room.'],
    [{ kind: 'belowObject', object: 'computer', where: 'ownRoom' }, 'f', 'Sie war weiter unten als ein Computer in ihrem Raum.', 'She was further down than a computer in her room.'],
    [{ kind: 'notBesideWall' }, 'm', 'Er war an keiner Wand.', 'He was not beside any wall.'],
    [{ kind: 'notBesideEdge' }, 'f', 'Sie war nicht am Rand des Grundrisses.', 'She was not at the edge of the floor plan.'],
    [{ kind: 'onlyOnObject', object: 'sofa' }, 'f', 'Sie war die Einzige auf einem Sofa.', 'She was the only one on a sofa.'],
    [{ kind: 'onlyOnObject', object: 'window' }, 'm', 'Er war der Einzige an einem Fenster.', 'He was the only one at a window.'],
    [{ kind: 'onlyOnObject', object: 'gift' }, 'f', 'Sie war die Einzige bei einem Geschenk.', 'She was the only one by a gift.'],
  ];
  test.each(cases)('%j (%s)', (fact, gender, de, en) => {
    expect(clueText(fact, gender, context)).toEqual({ de, en });
  });
});

describe('standing at a window, by a gift, at a cash register', () => {
  test.each([
    [{ kind: 'onObject', object: 'window' }, 'f', 'Sie war an einem Fenster.', 'She was at a window.'],
    [{ kind: 'notOnObject', object: 'window' }, 'm', 'Er war an keinem Fenster.', 'He was not at a window.'],
    [{ kind: 'onObject', object: 'cash-register' }, 'm', 'Er war an einer Kasse.', 'He was at a cash register.'],
    [{ kind: 'notOnObject', object: 'gift' }, 'f', 'Sie war bei keinem Geschenk.', 'She was not by a gift.'],
    [{ kind: 'besideObject', object: 'window' }, 'f', 'Sie war neben einem Fenster.', 'She was beside a window.'],
  ] as Case[])('%j (%s)', (fact, gender, de, en) => {
    expect(clueText(fact, gender, context)).toEqual({ de, en });
  });
});

describe('case facts', () => {
  const cases: Array<[CaseFact, string, string]> = [
    [{ kind: 'peopleOnObject', object: 'chair', compare: 'exactly', count: 2 }, 'Genau zwei Personen waren auf einem Stuhl.', 'Exactly two people were on a chair.'],
    [{ kind: 'peopleOnObject', object: 'window', compare: 'exactly', count: 1 }, 'Genau eine Person war an einem Fenster.', 'Exactly one person was at a window.'],
    [{ kind: 'peopleOnObject', object: 'carpet', compare: 'atMost', count: 3 }, 'Höchstens drei Personen waren auf einem Teppich.', 'At most three people were on a carpet.'],
    [{ kind: 'peopleOnObject', object: 'bench', compare: 'atMost', count: 1 }, 'Höchstens eine Person war auf einer Bank.', 'At most one person was on a bench.'],
    [{ kind: 'peopleOnObject', object: 'bed', compare: 'exactly', count: 0 }, 'Niemand war auf einem Bett.', 'Nobody was on a bed.'],
    [{ kind: 'emptyRooms', count: 0 }, 'Kein Raum war leer.', 'No room was empty.'],
    [{ kind: 'emptyRooms', count: 1 }, 'Genau ein Raum war leer.', 'Exactly one room was empty.'],
    [{ kind: 'emptyRooms', count: 2 }, 'Genau zwei Räume waren leer.', 'Exactly two rooms were empty.'],
  ];
  test.each(cases)('%j', (fact, de, en) => {
    expect(factText(fact, context)).toEqual({ de, en });
  });
});

/** A public part with two people and a declared object, for textContextOf. */
function publicPart(): MurderPublicInput {
  const row = (id: string | null) => [id, id, id, id];
  return {
    size: 4,
    rooms: [{ id: 'shop', name: { de: 'Laden', en: 'shop' }, floor: 'f1' }],
    roomOf: [row('shop'), row('shop'), row('shop'), row('shop')],
    objects: [row(null), row(null), row(null), row(null)],
    objectTypes: [
      { id: 'umbrella-stand', blocking: true, name: { de: { word: 'Schirmständer', gender: 'm' }, en: { word: 'umbrella stand', an: true } } },
      { id: 'vase', blocking: false, name: { de: { word: 'Vase', gender: 'f' }, en: { word: 'vase' } } },
    ],
    people: [
      { id: 'axel', name: 'Axel', gender: 'm', clues: [] },
      { id: 'bea', name: 'Bea', gender: 'f', clues: [] },
      { id: 'cem', name: 'Cem', gender: 'm', clues: [] },
      { id: 'dora', name: 'Dora', gender: 'f', clues: [] },
    ],
  } as MurderPublicInput;
}

const SHOP: Place = { de: { word: 'Laden', gender: 'm', prep: 'in' }, en: { word: 'shop', prep: 'in' } };

describe('declared objects and names from the file', () => {
  const ctx = textContextOf(publicPart(), () => SHOP);
  test.each([
    [{ kind: 'besideObject', object: 'umbrella-stand' }, 'f', 'Sie war neben einem Schirmständer.', 'She was beside an umbrella stand.'],
    [{ kind: 'onlyOnObject', object: 'vase' }, 'm', 'Er war der Einzige auf einer Vase.', 'He was the only one on a vase.'],
    [{ kind: 'aboveObject', object: 'vase', where: 'ownRoom' }, 'f', 'Sie war weiter oben als eine Vase in ihrem Raum.', 'She was further up than a vase in her room.'],
    [{ kind: 'sameRoomAs', person: 'dora' }, 'm', 'Er war im selben Raum wie Dora.', 'He was in the same room as Dora.'],
    [{ kind: 'inRoom', room: 'shop' }, 'm', 'Er war im Laden.', 'He was in the shop.'],
  ] as Case[])('%j (%s)', (fact, gender, de, en) => {
    expect(clueText(fact, gender, ctx)).toEqual({ de, en });
  });
  test('facts about a declared object', () => {
    expect(factText({ kind: 'peopleOnObject', object: 'vase', compare: 'exactly', count: 1 }, ctx)).toEqual({ de: 'Genau eine Person war auf einer Vase.', en: 'Exactly one person was on a vase.' });
  });
});

describe('named cards ("Axel war …")', () => {
  const named = textContextOf(publicPart(), () => SHOP, { named: true });
  const plain = textContextOf(publicPart(), () => SHOP);
  const bea = { name: 'Bea', gender: 'f' as const };
  const axel = { name: 'Axel', gender: 'm' as const };

  // A named card is an imported one: its person's gender may be a guess, so nothing on it shows the gender.
  test('a named context names the person, and no word depends on the (maybe guessed) gender', () => {
    expect(cardTexts(bea, [{ kind: 'victim' }, { kind: 'onlyOnObject', object: 'vase' }, { kind: 'sameRowAsObject', object: 'umbrella-stand', where: 'ownRoom' }], named)).toEqual([
      { de: 'Das Opfer. Bea war mit dem Täter allein.', en: 'The victim. Bea was alone with the murderer.' },
      { de: 'Bea war die einzige Person auf einer Vase.', en: 'Bea was the only one on a vase.' },
      { de: 'Bea war in derselben Reihe wie ein Schirmständer im selben Raum.', en: 'Bea was in the same row as an umbrella stand in the same room.' },
    ]);
    expect(cardTexts(axel, [{ kind: 'leftOf', person: 'bea' }, { kind: 'withAnother', gender: 'm', room: 'shop' }, { kind: 'belowObject', object: 'vase', where: 'ownRoom' }], named)).toEqual([
      { de: 'Axel war weiter links als Bea.', en: 'Axel was further left than Bea.' },
      { de: 'Axel war mit einem anderen Mann im Laden.', en: 'Axel was in the shop with another man.' },
      { de: 'Axel war weiter unten als eine Vase im selben Raum.', en: 'Axel was further down than a vase in the same room.' },
    ]);
  });

  test('without the option the card says "Sie" / "Er", even when the name is passed', () => {
    expect(cardTexts(bea, [{ kind: 'alone' }], plain)).toEqual([{ de: 'Sie war allein im Raum.', en: 'She was alone in the room.' }]);
    expect(clueText({ kind: 'alone' }, 'f', plain)).toEqual({ de: 'Sie war allein im Raum.', en: 'She was alone in the room.' });
  });

  test('a context without a "named" rule uses a name when one is given', () => {
    expect(clueText({ kind: 'notBesideWall' }, 'm', context, 'Cem')).toEqual({ de: 'Cem war an keiner Wand.', en: 'Cem was not beside any wall.' });
    expect(clueText({ kind: 'notBesideWall' }, 'm', context)).toEqual({ de: 'Er war an keiner Wand.', en: 'He was not beside any wall.' });
  });
});
