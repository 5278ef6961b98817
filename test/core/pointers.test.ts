/**
 * Readers report positions relative to the position they are given: an element of a JSON array
 * document (`where.pointer = "/3"`) keeps its index in every error, whatever the reader.
 */
import { describe, expect, test } from 'vitest';
import { InputError, type InputPosition } from '../../src/core/errors.ts';
import { dealDomino, readDominoDeal } from '../../src/games/domino/files.ts';
import { dealKosmos } from '../../src/games/kosmos/deal.ts';
import { readKosmosDeal } from '../../src/games/kosmos/files.ts';
import { readCaseFile } from '../../src/murder/model.ts';
import { generateCase } from '../../src/murder/generate.ts';

const where: InputPosition = { source: 'doc.json', line: 1, pointer: '/3' };

function pointerOf(read: () => unknown): string | undefined {
  try {
    read();
  } catch (e) {
    if (e instanceof InputError) return e.position.pointer;
    throw e;
  }
  return undefined;
}

describe('error pointers inside an array document keep the element index', () => {
  test('domino deal', () => {
    const deal = structuredClone(dealDomino(2, 'p')) as { public: { names: string[] } };
    deal.public.names.push('extra');
    expect(pointerOf(() => readDominoDeal(deal, where))).toBe('/3/public/names');
  });
  test('kosmos deal', () => {
    const deal = structuredClone(dealKosmos(2, 'p')) as { public: { gold: { digit: number }[] } };
    deal.public.gold[1]!.digit = deal.public.gold[0]!.digit;
    expect(pointerOf(() => readKosmosDeal(deal, where))).toMatch(/^\/3\/public\/gold\/\d$/);
  });
  test('murder case', () => {
    const file = structuredClone(generateCase({ size: 4, level: 'easy' }, 'p')) as { public: { people: { clues: { kind: string; row?: number }[] }[] } };
    const clue = file.public.people.flatMap((p) => p.clues).find((c) => c.kind !== 'victim')!;
    Object.assign(clue, { kind: 'row', row: 7 });
    expect(pointerOf(() => readCaseFile(file, where))).toMatch(/^\/3\/public\/people\/\d+\/clues\/\d+\/row$/);
  });
});
