/** The languages of every text puzzlemill writes for people (proof steps, clue cards, pictures, pages). */
export type Lang = 'de' | 'en';
export const LANGS: readonly Lang[] = ['de', 'en'];
