/**
 * The built-in object vocabulary (docs/RULES.md) with the grammar the clue texts need. Standable
 * objects can hold a person; blocking ones (fixtures) cannot, but clues may still name them. A
 * case may declare further objects of its own (`public.objectTypes`); the built-in ids keep
 * their meanings.
 */
import type { Noun } from '../texts/grammar.ts';

export const STANDABLE_OBJECTS = ['chair', 'armchair', 'sofa', 'bed', 'bench', 'stool', 'carpet', 'rug'] as const;
export const BLOCKING_OBJECTS = ['plant', 'table', 'tree', 'bush', 'rock', 'box', 'bookshelf', 'fountain', 'statue', 'bin'] as const;
/** Added for the published cases and other tools (issue 26): appended, so older codes stay. */
export const MORE_STANDABLE_OBJECTS = ['window', 'gift', 'cash-register'] as const;
export const MORE_BLOCKING_OBJECTS = ['tv', 'computer', 'rubbish'] as const;
export const OBJECT_IDS = [...STANDABLE_OBJECTS, ...BLOCKING_OBJECTS, ...MORE_STANDABLE_OBJECTS, ...MORE_BLOCKING_OBJECTS] as const;

export type ObjectId = (typeof OBJECT_IDS)[number];

/** Index of an object id in OBJECT_IDS: the code of a built-in object. */
export const OBJECT_CODE: Readonly<Record<ObjectId, number>> = Object.fromEntries(OBJECT_IDS.map((id, i) => [id, i])) as Record<ObjectId, number>;

const BLOCKING_IDS: ReadonlySet<string> = new Set<string>([...BLOCKING_OBJECTS, ...MORE_BLOCKING_OBJECTS]);

/** True for built-in fixtures nobody can stand on. */
export function isBlockingObject(id: string): boolean {
  return BLOCKING_IDS.has(id);
}

/** True for the code of a built-in fixture. */
export function isBlockingCode(code: number): boolean {
  return BLOCKING_IDS.has(OBJECT_IDS[code]!);
}

export function isBuiltinObject(id: string): id is ObjectId {
  return Object.hasOwn(OBJECT_CODE, id);
}

/**
 * German and English nouns of every object (docs/RULES.md, the sheet's German words). `on` is the
 * preposition for standing on it where "auf" / "on" would be wrong ("am Fenster", "at a window").
 */
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
  window: { de: { word: 'Fenster', gender: 'n', on: 'an' }, en: { word: 'window', on: 'at' } },
  gift: { de: { word: 'Geschenk', gender: 'n', on: 'bei' }, en: { word: 'gift', on: 'by' } },
  'cash-register': { de: { word: 'Kasse', gender: 'f', on: 'an' }, en: { word: 'cash register', on: 'at' } },
  tv: { de: { word: 'Fernseher', gender: 'm' }, en: { word: 'TV' } },
  computer: { de: { word: 'Computer', gender: 'm' }, en: { word: 'computer' } },
  rubbish: { de: { word: 'Müllhaufen', gender: 'm' }, en: { word: 'rubbish heap' } },
};
