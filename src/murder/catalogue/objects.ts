/**
 * The object vocabulary of docs/RULES.md with the grammar the clue texts need. Standable objects can
 * hold a person; blocking ones (fixtures) cannot, but clues may still name them.
 */
import type { Noun } from '../texts/grammar.ts';

export const STANDABLE_OBJECTS = ['chair', 'armchair', 'sofa', 'bed', 'bench', 'stool', 'carpet', 'rug'] as const;
export const BLOCKING_OBJECTS = ['plant', 'table', 'tree', 'bush', 'rock', 'box', 'bookshelf', 'fountain', 'statue', 'bin'] as const;
export const OBJECT_IDS = [...STANDABLE_OBJECTS, ...BLOCKING_OBJECTS] as const;

export type ObjectId = (typeof OBJECT_IDS)[number];

/** Index of an object id in OBJECT_IDS: the code boards store per cell (−1 = no object). */
export const OBJECT_CODE: Readonly<Record<ObjectId, number>> = Object.fromEntries(OBJECT_IDS.map((id, i) => [id, i])) as Record<ObjectId, number>;
const STANDABLE_COUNT = STANDABLE_OBJECTS.length;

/** True for fixtures nobody can stand on. */
export function isBlockingCode(code: number): boolean {
  return code >= STANDABLE_COUNT;
}

/** German and English nouns of every object (docs/RULES.md, the sheet's German words). */
export const OBJECT_NOUNS: Readonly<Record<ObjectId, Noun>> = {
  chair: { de: { word: 'Stuhl', gender: 'm' }, en: { word: 'chair' } },
  armchair: { de: { word: 'Sessel', gender: 'm' }, en: { word: 'armchair', an: true } },
  sofa: { de: { word: 'Sofa', gender: 'n' }, en: { word: 'sofa' } },
  bed: { de: { word: 'Bett', gender: 'n' }, en: { word: 'bed' } },
  bench: { de: { word: 'Bank', gender: 'f' }, en: { word: 'bench' } },
  stool: { de: { word: 'Hocker', gender: 'm' }, en: { word: 'stool' } },
  carpet: { de: { word: 'Teppich', gender: 'm' }, en: { word: 'carpet' } },
  rug: { de: { word: 'Vorleger', gender: 'm' }, en: { word: 'rug' } },
  plant: { de: { word: 'Pflanze', gender: 'f' }, en: { word: 'plant' } },
  table: { de: { word: 'Tisch', gender: 'm' }, en: { word: 'table' } },
  tree: { de: { word: 'Baum', gender: 'm' }, en: { word: 'tree' } },
  bush: { de: { word: 'Busch', gender: 'm' }, en: { word: 'bush' } },
  rock: { de: { word: 'Felsen', gender: 'm' }, en: { word: 'rock' } },
  box: { de: { word: 'Kiste', gender: 'f' }, en: { word: 'box' } },
  bookshelf: { de: { word: 'Bücherregal', gender: 'n' }, en: { word: 'bookshelf' } },
  fountain: { de: { word: 'Brunnen', gender: 'm' }, en: { word: 'fountain' } },
  statue: { de: { word: 'Statue', gender: 'f' }, en: { word: 'statue' } },
  bin: { de: { word: 'Mülleimer', gender: 'm' }, en: { word: 'bin' } },
};
