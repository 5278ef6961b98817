/**
 * The card texts, as exact strings: every room of every setting, every object, every clue kind,
 * every row and column of every size, both pronouns. German grammar is built from data (gender,
 * dative articles, contractions, ordinal declension); these tables are what it must produce.
 */
import { describe, expect, test } from 'vitest';
import { OBJECT_IDS, OBJECT_NOUNS } from '../../src/murder/catalogue/objects.ts';
import { SETTINGS } from '../../src/murder/catalogue/settings.ts';
import { ROOM_COUNTS } from '../../src/murder/layout.ts';
import type { ClueFact } from '../../src/murder/schema.ts';
import { clueText } from '../../src/murder/texts/clues.ts';
import { englishPlace, germanPlace, type Place } from '../../src/murder/texts/grammar.ts';

const ROOM_PHRASES: Record<string, Record<string, [string, string]>> = {
  house: {
    library: ['in der Bibliothek', 'in the library'],
    cellar: ['im Keller', 'in the cellar'],
    study: ['im Arbeitszimmer', 'in the study'],
    kitchen: ['in der Küche', 'in the kitchen'],
    'living-room': ['im Wohnzimmer', 'in the living room'],
    'dining-room': ['im Esszimmer', 'in the dining room'],
    bedroom: ['im Schlafzimmer', 'in the bedroom'],
    bathroom: ['im Badezimmer', 'in the bathroom'],
    hallway: ['im Flur', 'in the hallway'],
    terrace: ['auf der Terrasse', 'on the terrace'],
    attic: ['auf dem Dachboden', 'in the attic'],
    pantry: ['in der Speisekammer', 'in the pantry'],
    conservatory: ['im Wintergarten', 'in the conservatory'],
    'guest-room': ['im Gästezimmer', 'in the guest room'],
    balcony: ['auf dem Balkon', 'on the balcony'],
    'music-room': ['im Musikzimmer', 'in the music room'],
    nursery: ['im Kinderzimmer', 'in the nursery'],
  },
  garden: {
    'rose-garden': ['im Rosengarten', 'in the rose garden'],
    meadow: ['auf der Wiese', 'in the meadow'],
    pond: ['am Teich', 'by the pond'],
    orchard: ['im Obstgarten', 'in the orchard'],
    arbour: ['in der Laube', 'in the arbour'],
    terrace: ['auf der Terrasse', 'on the terrace'],
    'herb-garden': ['im Kräutergarten', 'in the herb garden'],
    maze: ['im Irrgarten', 'in the maze'],
    pavilion: ['im Pavillon', 'in the pavilion'],
    greenhouse: ['im Gewächshaus', 'in the greenhouse'],
    lawn: ['auf dem Rasen', 'on the lawn'],
    shed: ['im Schuppen', 'in the shed'],
    'rock-garden': ['im Steingarten', 'in the rock garden'],
    'vegetable-garden': ['im Gemüsegarten', 'in the vegetable garden'],
    yard: ['auf dem Hof', 'in the yard'],
    path: ['auf dem Gartenweg', 'on the garden path'],
  },
  hotel: {
    lobby: ['in der Lobby', 'in the lobby'],
    reception: ['an der Rezeption', 'at the reception'],
    bar: ['in der Bar', 'in the bar'],
    'dining-hall': ['im Speisesaal', 'in the dining hall'],
    ballroom: ['im Ballsaal', 'in the ballroom'],
    suite: ['in der Suite', 'in the suite'],
    laundry: ['in der Wäscherei', 'in the laundry'],
    kitchen: ['in der Küche', 'in the kitchen'],
    gym: ['im Fitnessraum', 'in the gym'],
    sauna: ['in der Sauna', 'in the sauna'],
    'roof-terrace': ['auf der Dachterrasse', 'on the roof terrace'],
    lift: ['im Aufzug', 'in the lift'],
    'reading-room': ['im Lesesaal', 'in the reading room'],
    'conference-room': ['im Konferenzraum', 'in the conference room'],
    'luggage-room': ['im Gepäckraum', 'in the luggage room'],
    corridor: ['im Flur', 'in the corridor'],
    pool: ['im Hallenbad', 'at the indoor pool'],
  },
  theatre: {
    stage: ['auf der Bühne', 'on the stage'],
    foyer: ['im Foyer', 'in the foyer'],
    cloakroom: ['in der Garderobe', 'in the cloakroom'],
    'orchestra-pit': ['im Orchestergraben', 'in the orchestra pit'],
    'private-box': ['in der Loge', 'in the private box'],
    auditorium: ['im Zuschauerraum', 'in the auditorium'],
    circle: ['auf dem Rang', 'in the circle'],
    'dressing-room': ['in der Künstlergarderobe', 'in the dressing room'],
    'prop-room': ['in der Requisitenkammer', 'in the prop room'],
    backstage: ['auf der Hinterbühne', 'in the backstage area'],
    'fly-loft': ['auf dem Schnürboden', 'in the fly loft'],
    'box-office': ['an der Kasse', 'at the box office'],
    canteen: ['in der Kantine', 'in the canteen'],
    'rehearsal-room': ['im Probenraum', 'in the rehearsal room'],
    'costume-workshop': ['in der Schneiderei', 'in the costume workshop'],
  },
  museum: {
    'entrance-hall': ['in der Eingangshalle', 'in the entrance hall'],
    gallery: ['in der Gemäldegalerie', 'in the picture gallery'],
    'sculpture-hall': ['im Skulpturensaal', 'in the sculpture hall'],
    archive: ['im Archiv', 'in the archive'],
    cafe: ['im Café', 'in the café'],
    shop: ['im Museumsshop', 'in the museum shop'],
    workshop: ['in der Restaurierungswerkstatt', 'in the conservation workshop'],
    'lecture-hall': ['im Vortragssaal', 'in the lecture hall'],
    depot: ['im Depot', 'in the storeroom'],
    'roof-garden': ['im Dachgarten', 'in the roof garden'],
    courtyard: ['im Innenhof', 'in the courtyard'],
    stairwell: ['im Treppenhaus', 'in the stairwell'],
    'coin-room': ['im Münzkabinett', 'in the coin room'],
    cloakroom: ['in der Garderobe', 'in the cloakroom'],
    library: ['in der Bibliothek', 'in the library'],
    office: ['im Büro', 'in the office'],
  },
};

/** [auf einem …, auf keinem …] in German; the English noun with its article. */
const OBJECT_PHRASES: Record<string, [string, string, string]> = {
  chair: ['einem Stuhl', 'keinem Stuhl', 'a chair'],
  armchair: ['einem Sessel', 'keinem Sessel', 'an armchair'],
  sofa: ['einem Sofa', 'keinem Sofa', 'a sofa'],
  bed: ['einem Bett', 'keinem Bett', 'a bed'],
  bench: ['einer Bank', 'keiner Bank', 'a bench'],
  stool: ['einem Hocker', 'keinem Hocker', 'a stool'],
  carpet: ['einem Teppich', 'keinem Teppich', 'a carpet'],
  rug: ['einem Vorleger', 'keinem Vorleger', 'a rug'],
  plant: ['einer Pflanze', 'keiner Pflanze', 'a plant'],
  table: ['einem Tisch', 'keinem Tisch', 'a table'],
  tree: ['einem Baum', 'keinem Baum', 'a tree'],
  bush: ['einem Busch', 'keinem Busch', 'a bush'],
  rock: ['einem Felsen', 'keinem Felsen', 'a rock'],
  box: ['einer Kiste', 'keiner Kiste', 'a box'],
  bookshelf: ['einem Bücherregal', 'keinem Bücherregal', 'a bookshelf'],
  fountain: ['einem Brunnen', 'keinem Brunnen', 'a fountain'],
  statue: ['einer Statue', 'keiner Statue', 'a statue'],
  bin: ['einem Mülleimer', 'keinem Mülleimer', 'a bin'],
  window: ['einem Fenster', 'keinem Fenster', 'a window'],
  gift: ['einem Geschenk', 'keinem Geschenk', 'a gift'],
  'cash-register': ['einer Kasse', 'keiner Kasse', 'a cash register'],
  tv: ['einem Fernseher', 'keinem Fernseher', 'a TV'],
  computer: ['einem Computer', 'keinem Computer', 'a computer'],
  rubbish: ['einem Müllhaufen', 'keinem Müllhaufen', 'a rubbish heap'],
};

/** Standing "on" an object where "auf" / "on" would be wrong: "an einem Fenster", "at a window". */
const ON: Record<string, [string, string]> = { window: ['an', 'at'], gift: ['bei', 'by'], 'cash-register': ['an', 'at'] };

const STUDY: Place = { de: { word: 'Arbeitszimmer', gender: 'n', prep: 'in' }, en: { word: 'study', prep: 'in' } };
const TERRACE: Place = { de: { word: 'Terrasse', gender: 'f', prep: 'auf' }, en: { word: 'terrace', prep: 'on' } };
const context = (size: number) => ({ size, place: (id: string) => (id === 'study' ? STUDY : TERRACE) });

describe('room phrases', () => {
  test('the table covers every room of every setting', () => {
    expect(Object.keys(ROOM_PHRASES).sort()).toEqual(SETTINGS.map((s) => s.id).sort());
    for (const setting of SETTINGS) expect(Object.keys(ROOM_PHRASES[setting.id]!).sort()).toEqual(setting.rooms.map((r) => r.id).sort());
  });
  test('within a setting every room has its own German and English name, and there are enough of them', () => {
    const most = Math.max(...Object.values(ROOM_COUNTS).map(([, hi]) => hi));
    for (const setting of SETTINGS) {
      expect(new Set(setting.rooms.map((r) => r.place.de.word)).size, setting.id).toBe(setting.rooms.length);
      expect(new Set(setting.rooms.map((r) => r.place.en.word)).size, setting.id).toBe(setting.rooms.length);
      expect(setting.rooms.length, setting.id).toBeGreaterThanOrEqual(most);
    }
  });
  const rows = SETTINGS.flatMap((s) => s.rooms.map((room) => [s.id, room.id, room.place, ...ROOM_PHRASES[s.id]![room.id]!] as const));
  test.each(rows)('%s %s', (_setting, _id, place, de, en) => {
    expect(germanPlace(place)).toBe(de);
    expect(englishPlace(place)).toBe(en);
    // The room clue on a card, both ways.
    const ctx = { size: 6, place: () => place };
    expect(clueText({ kind: 'inRoom', room: 'x' }, 'f', ctx)).toEqual({ de: `Sie war ${de}.`, en: `She was ${en}.` });
    expect(clueText({ kind: 'notInRoom', room: 'x' }, 'm', ctx)).toEqual({ de: `Er war nicht ${de}.`, en: `He was not ${en}.` });
  });
});

describe('object phrases', () => {
  test('the table covers every object', () => expect(Object.keys(OBJECT_PHRASES).sort()).toEqual([...OBJECT_IDS].sort()));
  test.each(OBJECT_IDS.map((id) => [id, ...OBJECT_PHRASES[id]!] as const))('%s', (object, some, none, english) => {
    const ctx = context(6);
    const [auf, on] = ON[object] ?? ['auf', 'on'];
    expect(clueText({ kind: 'onObject', object }, 'f', ctx)).toEqual({ de: `Sie war ${auf} ${some}.`, en: `She was ${on} ${english}.` });
    expect(clueText({ kind: 'notOnObject', object }, 'm', ctx)).toEqual({ de: `Er war ${auf} ${none}.`, en: `He was not ${on} ${english}.` });
    expect(clueText({ kind: 'besideObject', object }, 'f', ctx)).toEqual({ de: `Sie war neben ${some}.`, en: `She was beside ${english}.` });
    expect(clueText({ kind: 'notBesideObject', object }, 'm', ctx)).toEqual({ de: `Er war neben ${none}.`, en: `He was not beside ${english}.` });
    expect(OBJECT_NOUNS[object].de.word.length).toBeGreaterThan(0);
  });
});

describe('clue kinds', () => {
  const cases: Array<[ClueFact, 'f' | 'm', string, string]> = [
    [{ kind: 'victim' }, 'f', 'Das Opfer. Sie war mit dem Täter allein.', 'The victim. She was alone with the murderer.'],
    [{ kind: 'victim' }, 'm', 'Das Opfer. Er war mit dem Täter allein.', 'The victim. He was alone with the murderer.'],
    [{ kind: 'row', row: 1 }, 'f', 'Sie war in der zweiten Reihe.', 'She was in the second row.'],
    [{ kind: 'column', column: 2 }, 'f', 'Sie war in der dritten Spalte von links.', 'She was in the third column from the left.'],
    [{ kind: 'inRoom', room: 'terrace' }, 'm', 'Er war auf der Terrasse.', 'He was on the terrace.'],
    [{ kind: 'notInRoom', room: 'study' }, 'f', 'Sie war nicht im Arbeitszimmer.', 'She was not in the study.'],
    [{ kind: 'onObject', object: 'armchair' }, 'f', 'Sie war auf einem Sessel.', 'She was on an armchair.'],
    [{ kind: 'notOnObject', object: 'sofa' }, 'm', 'Er war auf keinem Sofa.', 'He was not on a sofa.'],
    [{ kind: 'besideObject', object: 'plant' }, 'f', 'Sie war neben einer Pflanze.', 'She was beside a plant.'],
    [{ kind: 'notBesideObject', object: 'chair' }, 'm', 'Er war neben keinem Stuhl.', 'He was not beside a chair.'],
    [{ kind: 'roomCorner' }, 'f', 'Sie war in einer Ecke des Raums.', 'She was in a corner of the room.'],
    [{ kind: 'notRoomCorner' }, 'm', 'Er war in keiner Ecke des Raums.', 'He was not in a corner of the room.'],
    [{ kind: 'withAnother', gender: 'm', room: 'study' }, 'm', 'Er war mit einem anderen Mann im Arbeitszimmer.', 'He was in the study with another man.'],
    [{ kind: 'withAnother', gender: 'f', room: 'terrace' }, 'f', 'Sie war mit einer anderen Frau auf der Terrasse.', 'She was on the terrace with another woman.'],
    [{ kind: 'withAnother', gender: 'm', room: 'study' }, 'f', 'Sie war mit genau einem Mann im Arbeitszimmer.', 'She was in the study with exactly one man.'],
    [{ kind: 'withAnother', gender: 'f', room: 'terrace' }, 'm', 'Er war mit genau einer Frau auf der Terrasse.', 'He was on the terrace with exactly one woman.'],
    [{ kind: 'alone' }, 'f', 'Sie war allein im Raum.', 'She was alone in the room.'],
    [{ kind: 'alone' }, 'm', 'Er war allein im Raum.', 'He was alone in the room.'],
  ];
  test.each(cases)('%j (%s)', (fact, gender, de, en) => {
    expect(clueText(fact, gender, context(6))).toEqual({ de, en });
  });
});

describe('rows and columns, every size', () => {
  const ROWS_DE = ['obersten', 'zweiten', 'dritten', 'vierten', 'fünften', 'sechsten', 'siebten', 'achten'];
  const ROWS_EN = ['top', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
  test.each([4, 5, 6, 7, 8, 9])('size %i', (size) => {
    for (let i = 0; i < size; i++) {
      const last = i === size - 1;
      const row = clueText({ kind: 'row', row: i }, 'm', context(size));
      expect(row.de).toBe(`Er war in der ${last ? 'untersten' : ROWS_DE[i]} Reihe.`);
      expect(row.en).toBe(`He was in the ${last ? 'bottom' : ROWS_EN[i]} row.`);
      const column = clueText({ kind: 'column', column: i }, 'f', context(size));
      const deColumn = i === 0 ? 'linken Spalte' : last ? 'rechten Spalte' : `${ROWS_DE[i]} Spalte von links`;
      const enColumn = i === 0 ? 'leftmost column' : last ? 'rightmost column' : `${ROWS_EN[i]} column from the left`;
      expect(column).toEqual({ de: `Sie war in der ${deColumn}.`, en: `She was in the ${enColumn}.` });
    }
  });
});
