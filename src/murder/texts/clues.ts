/**
 * The card texts of clues and the sentences of case facts, German and English, from the grammar
 * data: the person's pronoun (or name), the room's preposition and article, the object's gender.
 * The sheet's clues follow its table ("Sie war in der zweiten Reihe.", "Er war auf keinem Sofa.",
 * "Sie war neben einer Pflanze."); the clues beyond the sheet are worded in the same pattern
 * ("Sie war weiter oben als Axel.", "Er war in derselben Spalte wie ein Tisch in seinem Raum.").
 */
import { isBuiltinObject, OBJECT_NOUNS } from '../catalogue/objects.ts';
import type { CaseFact, ClueFact, MurderPublicInput, ObjectWhere } from '../schema.ts';
import {
  englishColumn,
  englishIndefinite,
  englishPlace,
  englishRow,
  germanAnotherDative,
  germanColumn,
  germanIndefiniteDative,
  germanIndefiniteNominative,
  germanPlace,
  germanRow,
  PERSON_NOUN,
  PRONOUN,
  type Gender,
  type Noun,
  type Place,
} from './grammar.ts';

export interface TextContext {
  size: number;
  /** The grammar of a room, by id. */
  place(roomId: string): Place;
  /** The name of a person, by id (clues about another person name them). */
  person?(personId: string): string;
  /** The nouns of an object, by id (built-in ones by default). */
  noun?(objectId: string): Noun;
  /**
   * Cards that name their person ("Axel war …") rather than say "Er war …" (cases from other
   * tools). Asked only when `clueText` is given the person's name; absent, a given name is used.
   */
  named?(personGender: Gender): boolean;
}

export interface TextContextOptions {
  /** Every card names its person ("Axel war im Keller."): imported cases whose cards did. */
  named?: boolean;
}

/** The nouns of an object: built-in, or declared by the case. */
function nounOf(context: TextContext, id: string): Noun {
  if (context.noun) return context.noun(id);
  if (isBuiltinObject(id)) return OBJECT_NOUNS[id];
  return { de: { word: id, gender: 'n' }, en: { word: id } };
}

/** The text context of a case's public part: room phrases from `placeOf`, names and declared objects from the file. */
export function textContextOf(pub: MurderPublicInput, placeOf: (roomId: string) => Place, options: TextContextOptions = {}): TextContext {
  const declared = new Map((pub.objectTypes ?? []).map((t) => [t.id, declaredNoun(t.name)]));
  const context: TextContext = {
    size: pub.size,
    place: placeOf,
    person: (id) => pub.people.find((p) => p.id === id)?.name ?? id,
    noun: (id) => declared.get(id) ?? (isBuiltinObject(id) ? OBJECT_NOUNS[id] : { de: { word: id, gender: 'n' }, en: { word: id } }),
  };
  context.named = () => options.named === true;
  return context;
}

/** The nouns of a declared object (`public.objectTypes[i].name`): standing on it is "auf" / "on". */
export function declaredNoun(name: NonNullable<MurderPublicInput['objectTypes']>[number]['name']): Noun {
  const en: Noun['en'] = { word: name.en.word };
  if (name.en.an) en.an = true;
  return { de: { word: name.de.word, gender: name.de.gender }, en };
}

/** The text of every clue on a person's card, the person's name given (named cards when the context says so). */
export function cardTexts(person: { name: string; gender: Gender }, clues: readonly ClueFact[], context: TextContext): Array<{ de: string; en: string }> {
  return clues.map((fact) => clueText(fact, person.gender, context, person.name));
}

/**
 * "in ihrem Raum" / "in her room", "in einem anderen Raum" / "in another room", or nothing. A
 * named card says "im selben Raum" / "in the same room" (its person's gender may be a guess).
 */
function wherePhrase(where: ObjectWhere, gender: Gender, named = false): { de: string; en: string } {
  if (where === 'ownRoom' && named) return { de: ' im selben Raum', en: ' in the same room' };
  if (where === 'ownRoom') return gender === 'f' ? { de: ' in ihrem Raum', en: ' in her room' } : { de: ' in seinem Raum', en: ' in his room' };
  if (where === 'otherRoom') return { de: ' in einem anderen Raum', en: ' in another room' };
  return { de: '', en: '' };
}

/** Standing on an object: "auf einem Stuhl", "an einem Fenster"; "on a chair", "at a window". */
function onPhrase(noun: Noun, negative: boolean): { de: string; en: string } {
  return { de: `${noun.de.on ?? 'auf'} ${germanIndefiniteDative(noun.de, negative)}`, en: `${noun.en.on ?? 'on'} ${englishIndefinite(noun.en)}` };
}

const DIRECTION_WORDS = {
  above: { de: 'weiter oben', en: 'further up' },
  below: { de: 'weiter unten', en: 'further down' },
  leftOf: { de: 'weiter links', en: 'further left' },
  rightOf: { de: 'weiter rechts', en: 'further right' },
} as const;
const OBJECT_DIRECTION = { aboveObject: 'above', belowObject: 'below', leftOfObject: 'leftOf', rightOfObject: 'rightOf' } as const;

/** The text of a clue on the card of a person of `gender` (`name`: the person's name, for named cards). */
export function clueText(fact: ClueFact, gender: Gender, context: TextContext, name?: string): { de: string; en: string } {
  const named = name !== undefined && (context.named?.(gender) ?? true);
  const { de: Er, en: He } = named ? { de: name, en: name } : PRONOUN[gender];
  const sentence = (de: string, en: string) => ({ de: `${Er} war ${de}.`, en: `${He} was ${en}.` });
  const other = (id: string) => context.person?.(id) ?? id;
  switch (fact.kind) {
    case 'victim':
      return { de: `Das Opfer. ${Er} war mit dem Täter allein.`, en: `The victim. ${He} was alone with the murderer.` };
    case 'row':
      return sentence(germanRow(fact.row, context.size), englishRow(fact.row, context.size));
    case 'column':
      return sentence(germanColumn(fact.column, context.size), englishColumn(fact.column, context.size));
    case 'inRoom': {
      const place = context.place(fact.room);
      return sentence(germanPlace(place), englishPlace(place));
    }
    case 'notInRoom': {
      const place = context.place(fact.room);
      return sentence(`nicht ${germanPlace(place)}`, `not ${englishPlace(place)}`);
    }
    case 'onObject': {
      const on = onPhrase(nounOf(context, fact.object), false);
      return sentence(on.de, on.en);
    }
    case 'notOnObject': {
      const noun = nounOf(context, fact.object);
      return sentence(onPhrase(noun, true).de, `not ${onPhrase(noun, false).en}`);
    }
    case 'besideObject': {
      const noun = nounOf(context, fact.object);
      return sentence(`neben ${germanIndefiniteDative(noun.de)}`, `beside ${englishIndefinite(noun.en)}`);
    }
    case 'notBesideObject': {
      const noun = nounOf(context, fact.object);
      return sentence(`neben ${germanIndefiniteDative(noun.de, true)}`, `not beside ${englishIndefinite(noun.en)}`);
    }
    case 'roomCorner':
      return sentence('in einer Ecke des Raums', 'in a corner of the room');
    case 'notRoomCorner':
      return sentence('in keiner Ecke des Raums', 'not in a corner of the room');
    case 'withAnother': {
      const place = context.place(fact.room);
      const noun = PERSON_NOUN[fact.gender];
      if (fact.gender === gender) {
        return sentence(`mit ${germanAnotherDative(noun.de)} ${germanPlace(place)}`, `${englishPlace(place)} with another ${noun.en.word}`);
      }
      // "another" presumes the speaker's own gender; across genders the count is said outright.
      return sentence(`mit genau ${germanIndefiniteDative(noun.de)} ${germanPlace(place)}`, `${englishPlace(place)} with exactly one ${noun.en.word}`);
    }
    case 'alone':
      return sentence('allein im Raum', 'alone in the room');
    case 'sameRoomAs':
      return sentence(`im selben Raum wie ${other(fact.person)}`, `in the same room as ${other(fact.person)}`);
    case 'notSameRoomAs':
      return sentence(`nicht im selben Raum wie ${other(fact.person)}`, `not in the same room as ${other(fact.person)}`);
    case 'onlyWith':
      return sentence(`mit ${other(fact.person)} allein im Raum`, `alone in the room with ${other(fact.person)}`);
    case 'above':
    case 'below':
    case 'leftOf':
    case 'rightOf': {
      const words = DIRECTION_WORDS[fact.kind];
      return sentence(`${words.de} als ${other(fact.person)}`, `${words.en} than ${other(fact.person)}`);
    }
    case 'adjacentObject': {
      const noun = nounOf(context, fact.object);
      // "neben" alone means the own room (besideObject); here the neighbour may be behind a wall
      return sentence(`neben ${germanIndefiniteDative(noun.de)}, vielleicht durch eine Wand getrennt`, `next to ${englishIndefinite(noun.en)}, perhaps across a wall`);
    }
    case 'notAdjacentObject': {
      const noun = nounOf(context, fact.object);
      return sentence(`neben ${germanIndefiniteDative(noun.de, true)}, auch nicht durch eine Wand getrennt`, `not next to ${englishIndefinite(noun.en)}, not even across a wall`);
    }
    case 'sameRowAsObject':
    case 'sameColumnAsObject': {
      const noun = nounOf(context, fact.object);
      const where = wherePhrase(fact.where, gender, named);
      const [de, en] = fact.kind === 'sameRowAsObject' ? ['Reihe', 'row'] : ['Spalte', 'column'];
      return sentence(`in derselben ${de} wie ${germanIndefiniteNominative(noun.de)}${where.de}`, `in the same ${en} as ${englishIndefinite(noun.en)}${where.en}`);
    }
    case 'aboveObject':
    case 'belowObject':
    case 'leftOfObject':
    case 'rightOfObject': {
      const noun = nounOf(context, fact.object);
      const words = DIRECTION_WORDS[OBJECT_DIRECTION[fact.kind]];
      const where = wherePhrase(fact.where, gender, named);
      return sentence(`${words.de} als ${germanIndefiniteNominative(noun.de)}${where.de}`, `${words.en} than ${englishIndefinite(noun.en)}${where.en}`);
    }
    case 'notBesideWall':
      return sentence('an keiner Wand', 'not beside any wall');
    case 'notBesideEdge':
      return sentence('nicht am Rand des Grundrisses', 'not at the edge of the floor plan');
    case 'onlyOnObject': {
      const on = onPhrase(nounOf(context, fact.object), false);
      // a named card: "die einzige Person" whatever the person's (maybe guessed) gender
      return sentence(`${named ? 'die einzige Person' : gender === 'f' ? 'die Einzige' : 'der Einzige'} ${on.de}`, `the only one ${on.en}`);
    }
  }
}

const GERMAN_NUMBERS = ['null', 'ein', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];
const ENGLISH_NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** The sentence of a case fact, drawn under the cards. */
export function factText(fact: CaseFact, context: TextContext): { de: string; en: string } {
  switch (fact.kind) {
    case 'peopleOnObject': {
      const on = onPhrase(nounOf(context, fact.object), false);
      const n = fact.count;
      if (n === 0) return { de: `Niemand war ${on.de}.`, en: `Nobody was ${on.en}.` };
      const who = { de: n === 1 ? 'eine Person war' : `${GERMAN_NUMBERS[n]} Personen waren`, en: n === 1 ? 'one person was' : `${ENGLISH_NUMBERS[n]} people were` };
      const how = fact.compare === 'exactly' ? { de: 'Genau', en: 'Exactly' } : { de: 'Höchstens', en: 'At most' };
      return { de: `${how.de} ${who.de} ${on.de}.`, en: `${how.en} ${who.en} ${on.en}.` };
    }
    case 'emptyRooms': {
      const n = fact.count;
      if (n === 0) return { de: 'Kein Raum war leer.', en: 'No room was empty.' };
      return n === 1
        ? { de: 'Genau ein Raum war leer.', en: 'Exactly one room was empty.' }
        : { de: `Genau ${GERMAN_NUMBERS[n]} Räume waren leer.`, en: `Exactly ${ENGLISH_NUMBERS[n]} rooms were empty.` };
    }
  }
}
