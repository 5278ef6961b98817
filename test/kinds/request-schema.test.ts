/**
 * A kind's request options and parser come from its one TypeBox request schema
 * (src/kinds/request-schema.ts): the options table yargs gets, coercion, defaults, unknown keys,
 * one-line errors naming the option, and the same request (and key) however it is spelled.
 */
import { describe, expect, test } from 'vitest';
import { murderKind } from '../../src/kinds/murder.ts';
import { numbridgeKind } from '../../src/kinds/numbridge.ts';

describe('request options from the schema', () => {
  test('numbridge: types, choices, defaults as the command line had them', () => {
    const o = numbridgeKind.options;
    expect(Object.keys(o)).toEqual(['size', 'blocks', 'givens', 'grade', 'symmetry', 'uniqueness', 'technique']);
    expect(o.size).toMatchObject({ type: 'number', choices: [4, 5, 6, 7, 8, 9], default: 9 });
    expect(o.size!.demandOption).toBeUndefined();
    expect(o.blocks).toMatchObject({ type: 'string', choices: ['regular', 'irregular'] });
    expect(o.blocks!.default).toBeUndefined(); // it depends on the size: the finish step's
    expect(o.givens).toMatchObject({ type: 'number' });
    expect(o.grade).toMatchObject({ type: 'string', choices: ['1', '2', '3', '4', '5', 'easy', 'medium', 'hard', 'fiendish', 'extreme'] });
    expect(o.symmetry).toMatchObject({ type: 'string', default: 'none' });
    expect(o.uniqueness).toMatchObject({ type: 'boolean', default: true }); // --no-uniqueness
  });

  test('murder: required options, a boolean with its default', () => {
    const o = murderKind.options;
    expect(o.size).toMatchObject({ type: 'number', demandOption: true });
    expect(o.level).toMatchObject({ type: 'string', choices: ['easy', 'medium', 'hard'], demandOption: true });
    expect(o.robust).toMatchObject({ type: 'boolean', default: false });
    expect(o.budget).toMatchObject({ type: 'number' });
  });
});

describe('parseRequest from the schema', () => {
  test('strings are coerced, defaults filled, unknown keys dropped; the same request has the same key', () => {
    const spelled = numbridgeKind.parseRequest({ size: '6', grade: 'easy', extra: 'ignored', givens: undefined });
    const typed = numbridgeKind.parseRequest({ size: 6, grade: 1 });
    expect(spelled).toEqual({ size: 6, blocks: 'regular', givens: 14, symmetry: 'none', grade: 1 });
    expect(typed).toEqual(spelled);
    expect(numbridgeKind.paramsKey(spelled)).toBe('size=6,blocks=regular,givens=14,grade=1,symmetry=none');
    expect(numbridgeKind.parseRequest(spelled)).toEqual(spelled); // the pipeline parses parsed requests again
    expect(numbridgeKind.parseRequest({})).toEqual({ size: 9, blocks: 'regular', givens: 30, symmetry: 'none' });
    expect(numbridgeKind.parseRequest({ size: 5 })).toMatchObject({ blocks: 'irregular', givens: 10 });
    // excluding the uniqueness techniques is recorded, and keyed, only when asked for: earlier keys stay
    expect(numbridgeKind.parseRequest({ uniqueness: true })).toEqual(numbridgeKind.parseRequest({}));
    const noUr = numbridgeKind.parseRequest({ size: 6, grade: 1, uniqueness: 'false' });
    expect(noUr).toEqual({ ...spelled, uniqueness: false });
    expect(numbridgeKind.paramsKey(noUr)).toBe('size=6,blocks=regular,givens=14,grade=1,symmetry=none,uniqueness=no');
    const m = murderKind.parseRequest({ size: '5', level: 'easy', robust: 'true', budget: '30' });
    expect(m).toEqual({ size: 5, level: 'easy', robust: true, budget: 30 });
    expect(murderKind.paramsKey(m)).toBe(murderKind.paramsKey(murderKind.parseRequest({ size: 5, level: 'easy', robust: true })));
  });

  test.each([
    [numbridgeKind, { size: 11 }, 'size: must be one of 4, 5, 6, 7, 8, 9, not 11'],
    [numbridgeKind, { givens: 'many' }, 'givens: must be a whole number, not "many"'],
    [numbridgeKind, { grade: 'impossible' }, 'grade: must be one of 1, 2, 3, 4, 5, easy, medium, hard, fiendish, extreme, not "impossible"'],
    [numbridgeKind, { size: 5, blocks: 'regular' }, '5×5 has no regular blocks (use --blocks irregular)'],
    [murderKind, { size: 5 }, 'level: is required'],
    [murderKind, { size: 5, level: 'easy', budget: 0 }, 'budget: must be ≥ 1, not 0'],
    [murderKind, { size: 5, level: 'easy', robust: 'maybe' }, 'robust: must be a boolean, not "maybe"'],
  ] as const)('%# a bad request is one RangeError line naming the option', (kind, input, message) => {
    expect(() => kind.parseRequest(input)).toThrow(new RangeError(message));
  });
});
