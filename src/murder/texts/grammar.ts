/**
 * The grammar the clue texts are built from: nouns carry their German gender, places their
 * prepositions, and the phrases below decline articles and adjectives from that data (never by
 * patching finished strings). Only the dative singular is needed: every clue is "war <Präp.> …",
 * and in, auf, an, neben and mit all take the dative for a location.
 */
import type { Lang } from '../../core/lang.ts';

export type GermanGender = 'm' | 'f' | 'n';
export type Gender = 'f' | 'm';

export interface GermanNoun {
  word: string;
  gender: GermanGender;
  /** Standing "on" it, where "auf" is wrong: "am Fenster", "bei einem Geschenk". */
  on?: 'an' | 'bei';
}
export interface EnglishNoun {
  word: string;
  /** Takes "an" rather than "a". */
  an?: boolean;
  /** Standing "on" it, where "on" is wrong: "at a window", "by a gift". */
  on?: 'at' | 'by';
}
export interface Noun {
  de: GermanNoun;
  en: EnglishNoun;
}

/** A room as the texts name it: "in der Bibliothek" / "in the library", "am Teich" / "by the pond". */
export interface Place {
  de: GermanNoun & { prep: 'in' | 'auf' | 'an' };
  en: { word: string; prep: 'in' | 'on' | 'at' | 'by' };
}

const DATIVE_DEFINITE: Record<GermanGender, string> = { m: 'dem', f: 'der', n: 'dem' };
const DATIVE_INDEFINITE: Record<GermanGender, string> = { m: 'einem', f: 'einer', n: 'einem' };
const DATIVE_NEGATIVE: Record<GermanGender, string> = { m: 'keinem', f: 'keiner', n: 'keinem' };
/** Preposition + article contractions that German requires (auf dem stays apart). */
const CONTRACTIONS: Readonly<Record<string, string>> = { 'in dem': 'im', 'an dem': 'am' };

/** Weak and mixed adjective declension both end in -en in the dative singular of every gender. */
function adjectiveDative(stem: string): string {
  return stem + 'en';
}

/** Ordinal stems 1..9 ("zweit" → "der zweiten Reihe"). */
const GERMAN_ORDINAL_STEMS = ['erst', 'zweit', 'dritt', 'viert', 'fünft', 'sechst', 'siebt', 'acht', 'neunt'];
const ENGLISH_ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];

export const PRONOUN: Readonly<Record<Gender, { de: string; en: string }>> = {
  f: { de: 'Sie', en: 'She' },
  m: { de: 'Er', en: 'He' },
};

/** The nouns for "another man / woman". */
export const PERSON_NOUN: Readonly<Record<Gender, Noun>> = {
  m: { de: { word: 'Mann', gender: 'm' }, en: { word: 'man' } },
  f: { de: { word: 'Frau', gender: 'f' }, en: { word: 'woman' } },
};

/**
 * The murderer once known, in their own gender: "die Täterin", "der Täter" (the proof's last
 * step, the solution's mark). While nobody knows who it is, the sheet's generic "der Täter" stands
 * (the victim's card, the prover's reasoning about the victim's room). The victim is "das Opfer"
 * (neuter) whoever it is.
 */
export const MURDERER_NOUN: Readonly<Record<Gender, Noun>> = {
  f: { de: { word: 'Täterin', gender: 'f' }, en: { word: 'murderer' } },
  m: { de: { word: 'Täter', gender: 'm' }, en: { word: 'murderer' } },
};

const NOMINATIVE_DEFINITE: Record<GermanGender, string> = { m: 'der', f: 'die', n: 'das' };

/** "der Täter", "die Täterin". */
export function germanDefiniteNominative(noun: GermanNoun): string {
  return `${NOMINATIVE_DEFINITE[noun.gender]} ${noun.word}`;
}

const ROW: GermanNoun = { word: 'Reihe', gender: 'f' };
const COLUMN: GermanNoun = { word: 'Spalte', gender: 'f' };

/** "in der Bibliothek", "im Keller", "auf der Terrasse", "am Teich". */
export function germanPlace(place: Place): string {
  const { prep, word, gender } = place.de;
  const head = `${prep} ${DATIVE_DEFINITE[gender]}`;
  return `${CONTRACTIONS[head] ?? head} ${word}`;
}

/** "in the library", "on the terrace", "by the pond". */
export function englishPlace(place: Place): string {
  return `${place.en.prep} the ${place.en.word}`;
}

/** "einem Stuhl", "einer Pflanze"; with `negative`: "keinem Sofa", "keiner Bank". */
export function germanIndefiniteDative(noun: GermanNoun, negative = false): string {
  return `${(negative ? DATIVE_NEGATIVE : DATIVE_INDEFINITE)[noun.gender]} ${noun.word}`;
}

const NOMINATIVE_INDEFINITE: Record<GermanGender, string> = { m: 'ein', f: 'eine', n: 'ein' };

/** "ein Stuhl", "eine Pflanze" (after "wie" and "als", which compare with the subject). */
export function germanIndefiniteNominative(noun: GermanNoun): string {
  return `${NOMINATIVE_INDEFINITE[noun.gender]} ${noun.word}`;
}

/** "einem anderen Mann", "einer anderen Frau". */
export function germanAnotherDative(noun: GermanNoun): string {
  return `${DATIVE_INDEFINITE[noun.gender]} ${adjectiveDative('ander')} ${noun.word}`;
}

const NOMINATIVE_NEGATIVE: Record<GermanGender, string> = { m: 'kein', f: 'keine', n: 'kein' };
/** Mixed declension, nominative singular (after kein-). */
const MIXED_NOMINATIVE_ENDING: Record<GermanGender, string> = { m: 'er', f: 'e', n: 'es' };

/** "kein anderer Mann", "keine andere Frau" (nominative, for the proof texts). */
export function germanNoOtherNominative(noun: GermanNoun): string {
  return `${NOMINATIVE_NEGATIVE[noun.gender]} ander${MIXED_NOMINATIVE_ENDING[noun.gender]} ${noun.word}`;
}

const CONJUNCTIONS = { and: { de: 'und', en: 'and' }, or: { de: 'oder', en: 'or' } } as const;

/** "A, B und C" / "A, B and C" (or with "oder" / "or"). */
export function listWords(words: readonly string[], language: Lang, conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${CONJUNCTIONS[conjunction][language]} ${words[words.length - 1]}`;
}

/** Upper-case the first letter (a place phrase opening a sentence). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a chair", "an armchair". */
export function englishIndefinite(noun: EnglishNoun): string {
  return `${noun.an ? 'an' : 'a'} ${noun.word}`;
}

/**
 * Rows as the sheet names them: the outer ones by position ("in der obersten Reihe"), the middle
 * ones counted from the top ("in der zweiten Reihe"). 0-based `row` on an N×N board.
 */
export function germanRow(row: number, size: number): string {
  const stem = row === 0 ? 'oberst' : row === size - 1 ? 'unterst' : GERMAN_ORDINAL_STEMS[row]!;
  return `in ${DATIVE_DEFINITE[ROW.gender]} ${adjectiveDative(stem)} ${ROW.word}`;
}

/** "in der linken Spalte", "in der dritten Spalte von links", "in der rechten Spalte". */
export function germanColumn(column: number, size: number): string {
  const outer = column === 0 ? 'link' : column === size - 1 ? 'recht' : null;
  const stem = outer ?? GERMAN_ORDINAL_STEMS[column]!;
  return `in ${DATIVE_DEFINITE[COLUMN.gender]} ${adjectiveDative(stem)} ${COLUMN.word}${outer ? '' : ' von links'}`;
}

export function englishRow(row: number, size: number): string {
  const word = row === 0 ? 'top' : row === size - 1 ? 'bottom' : ENGLISH_ORDINALS[row]!;
  return `in the ${word} row`;
}

export function englishColumn(column: number, size: number): string {
  if (column === 0) return 'in the leftmost column';
  if (column === size - 1) return 'in the rightmost column';
  return `in the ${ENGLISH_ORDINALS[column]!} column from the left`;
}
