/**
 * First names for the people of a case: spelt the same and read naturally in German and English,
 * with a gender that is unambiguous in both (the clue texts use Sie/Er and She/He).
 */
import type { Gender } from '../texts/grammar.ts';

export const NAMES: Readonly<Record<Gender, readonly string[]>> = {
  f: [
    'Anna', 'Clara', 'Emma', 'Greta', 'Hanna', 'Ida', 'Julia', 'Lena', 'Lisa', 'Marie', 'Nora', 'Paula',
    'Rosa', 'Sophie', 'Vera', 'Eva', 'Helena', 'Martha', 'Alice', 'Olivia', 'Ella', 'Mia', 'Frida', 'Irma',
  ],
  m: [
    'Anton', 'Ben', 'David', 'Emil', 'Felix', 'Hugo', 'Jakob', 'Leo', 'Max', 'Oskar', 'Paul', 'Theo',
    'Victor', 'Oliver', 'Simon', 'Jonas', 'Karl', 'Otto', 'Bruno', 'Finn', 'Henry', 'Adam', 'Daniel', 'Tom',
  ],
};

/** A person id from a name: lower case ASCII ("Sophie" → "sophie"). */
export function personId(name: string): string {
  return name.toLowerCase();
}
