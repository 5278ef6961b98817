/**
 * The card texts of clues, German and English, from the grammar data: the person's pronoun, the
 * room's preposition and article, the object's gender. The sentences follow the sheet's table
 * ("Sie war in der zweiten Reihe.", "Er war auf keinem Sofa.", "Sie war neben einer Pflanze.").
 */
import { OBJECT_NOUNS } from '../catalogue/objects.ts';
import type { ClueFact } from '../schema.ts';
import {
  englishColumn,
  englishIndefinite,
  englishPlace,
  englishRow,
  germanAnotherDative,
  germanColumn,
  germanIndefiniteDative,
  germanPlace,
  germanRow,
  PERSON_NOUN,
  PRONOUN,
  type Gender,
  type Place,
} from './grammar.ts';

export interface TextContext {
  size: number;
  /** The grammar of a room, by id. */
  place(roomId: string): Place;
}

/** The text of a clue on the card of a person of `gender`. */
export function clueText(fact: ClueFact, gender: Gender, context: TextContext): { de: string; en: string } {
  const { de: Er, en: He } = PRONOUN[gender];
  const sentence = (de: string, en: string) => ({ de: `${Er} war ${de}.`, en: `${He} was ${en}.` });
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
      const noun = OBJECT_NOUNS[fact.object];
      return sentence(`auf ${germanIndefiniteDative(noun.de)}`, `on ${englishIndefinite(noun.en)}`);
    }
    case 'notOnObject': {
      const noun = OBJECT_NOUNS[fact.object];
      return sentence(`auf ${germanIndefiniteDative(noun.de, true)}`, `not on ${englishIndefinite(noun.en)}`);
    }
    case 'besideObject': {
      const noun = OBJECT_NOUNS[fact.object];
      return sentence(`neben ${germanIndefiniteDative(noun.de)}`, `beside ${englishIndefinite(noun.en)}`);
    }
    case 'notBesideObject': {
      const noun = OBJECT_NOUNS[fact.object];
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
  }
}
