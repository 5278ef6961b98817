/**
 * Player-form leak checks (src/core/leaks.ts, used by both kinds' verify): the solution in any
 * string in any common spelling, the murderer named where it does not belong; and no false alarm
 * over generated files of every size, full and player forms.
 */
import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { digitLeak, hasWord, nearestStretch, stringsOf, toleranceFor } from '../../src/core/leaks.ts';
import { generateCase } from '../../src/murder/generate.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { verifyCase } from '../../src/murder/verify.ts';
import { playerForm } from '../../src/numbridge-board/board-file.ts';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

describe('the detector', () => {
  const secret = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
  test('finds the digits in any spelling', () => {
    expect(digitLeak(secret, secret)).toBe('all 81 digits in order');
    expect(digitLeak(secret.split('').join('-'), secret)).toBe('all 81 digits in order');
    expect(digitLeak(`row1: ${secret.slice(0, 9)} | ${secret.slice(9)}`, secret)).toBe('all 81 digits in order');
    expect(digitLeak(secret.slice(0, 40) + secret.slice(41), secret)).toBe('81 digits in order with 1 change');
    expect(digitLeak(secret.replace(/\d/g, (d) => 'abcdefghi'[Number(d) - 1]!), secret)).toBe('all 81 digits in order');
    expect(digitLeak('x' + btoa(secret), secret)).toBe('base64 of the digits');
    expect(digitLeak(Array.from(secret, (c) => c.charCodeAt(0).toString(16)).join('').toUpperCase(), secret)).toBe('hex of the digits');
  });

  test('does not fire on unrelated text', () => {
    expect(digitLeak('numbridge-9-3fa94c20b1d7e865', secret)).toBeNull();
    expect(digitLeak(secret.slice(0, 60), secret)).toBeNull();
    expect(nearestStretch('12345', 'xx12x45yy')).toBe(1);
  });

  test('words and strings', () => {
    expect(hasWord('Max war hier', 'Max')).toBe(true);
    expect(hasWord('Maximilian', 'Max')).toBe(false);
    expect(stringsOf({ a: ['x', { b: 'y' }] })).toEqual([['/a', 'a'], ['/a/0', 'x'], ['/a/1/b', 'b'], ['/a/1/b', 'y']]);
  });
});

/** The detector as written before it skipped short texts and kept encodings: every reading, every piece, each call. */
function referenceLeak(text: string, secret: string): string | null {
  const tolerance = toleranceFor(secret.length);
  const digits = text.replace(/[^0-9]/g, '');
  const letters = text.toLowerCase().replace(/[^a-i]/g, '').replace(/[a-i]/g, (ch) => String(ch.charCodeAt(0) - 96));
  for (const reading of [digits, letters]) {
    if (reading.length < secret.length - tolerance) continue;
    const distance = nearestStretch(secret, reading);
    if (distance <= tolerance) return distance === 0 ? `all ${secret.length} digits in order` : `${secret.length} digits in order with ${distance} ${distance === 1 ? 'change' : 'changes'}`;
  }
  const base64 = btoa(secret).replace(/=+$/, '');
  const encodings: Array<[string, string, boolean]> = [
    ['base64', base64, false],
    ['base64url', base64.replace(/\+/g, '-').replace(/\//g, '_'), false],
    ['hex', Array.from(secret, (ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join(''), true],
  ];
  for (const [name, encoded, anyCase] of encodings) {
    const hay = anyCase ? text.toLowerCase() : text;
    const piece = Math.ceil(encoded.length * 0.75);
    for (let i = 0; i + piece <= encoded.length; i++) if (hay.includes(encoded.slice(i, i + piece))) return `${name} of the digits`;
  }
  return null;
}

describe('the detector gives the reference answer (short texts skipped, encodings kept per secret)', () => {
  const whole = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
  const open = whole.slice(7, 58);
  const hex = (t: string) => Array.from(t, (ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  // pieces of every spelling, cut near the lengths where a text starts to be able to reveal
  const spelled = fc.constantFrom(whole, open).chain((secret) =>
    fc.constantFrom(secret, btoa(secret), btoa(secret).replace(/\+/g, '-'), hex(secret), hex(secret).toUpperCase(), secret.replace(/\d/g, (d) => 'abcdefghi'[Number(d) - 1]!), secret.split('').join(' ')),
  );
  const piece = fc.tuple(spelled, fc.nat(40), fc.integer({ min: 40, max: 170 })).map(([t, from, length]) => t.slice(from, from + length));
  const noise = fc.string({ unit: fc.constantFrom('1', '5', 'a', 'F', ' ', ':', 'İ', 'x', '/', '+'), maxLength: 30 });
  propTest.prop([fc.array(fc.oneof(piece, noise), { maxLength: 4 }).map((parts) => parts.join(''))], { numRuns: 600 })('any text, against both secrets in turn', (text) => {
    for (const secret of [whole, open, whole]) expect(digitLeak(text, secret)).toBe(referenceLeak(text, secret));
  });
});

describe('Numbridge player forms', () => {
  const file = generateBoard({ size: 9, blocks: 'regular', givens: 30 }, 'leaks-test');
  const digits = file.secret!.solution.flat().join('');
  const withId = (id: string) => verifyBoard({ ...copy(file), id }).problems;

  test.each([
    ['the solution with separators', digits.split('').join(',')],
    ['80 of its 81 digits', digits.slice(0, 50) + digits.slice(51)],
    ['one digit changed', digits.slice(0, 10) + (digits[10] === '1' ? '2' : '1') + digits.slice(11)],
    ['rows in words', file.secret!.solution.map((row, r) => `row ${r + 1} ${row.join(' ')}`).join('; ')],
    ['base64', btoa(digits)],
    ['the empty cells\' digits only', file.secret!.solution.flat().filter((_, i) => file.public.givens.flat()[i] === 0).join('.')],
  ])('an id holding %s fails', (_name, id) => {
    expect(withId(`nb-${id}`)).toEqual([expect.stringMatching(/^id reveals the solution \(/)]);
  });

  test('no false alarm on generated boards of every size, full and player forms', () => {
    for (const [size, blocks] of [[4, 'regular'], [5, 'irregular'], [6, 'regular'], [6, 'irregular'], [7, 'irregular'], [8, 'regular'], [9, 'irregular']] as const) {
      for (let k = 0; k < 2; k++) {
        const board: NumbridgeBoardFile = generateBoard({ size, blocks, givens: Math.round(size * size * 0.4) }, `leaks-${size}-${blocks}-${k}`);
        expect(verifyBoard(board).problems, `${size} ${blocks}`).toEqual([]);
        expect(verifyBoard(playerForm(board)).problems, `${size} ${blocks} player`).toEqual([]);
      }
    }
  });
});

describe('Murder player forms', () => {
  const file = generateCase({ size: 6, level: 'medium', robust: false }, 'leaks-test');
  const murdererId = file.secret!.solution.murderer;
  const m = file.public.people.findIndex((p) => p.id === murdererId);
  const murderer = file.public.people[m]!;
  const { secret: _secret, ...player } = file;
  const problems = (tamper: (f: Omit<MurderCaseFile, 'secret'>) => void) => {
    const f = copy(player);
    tamper(f);
    return verifyCase(f).problems;
  };

  test('the player form passes', () => expect(verifyCase(player).problems).toEqual([]));

  test('an id naming the murderer fails', () => {
    expect(problems((f) => { f.id = `case-${murdererId}-did-it`; })).toEqual([`id names the murderer "${murdererId}"`]);
  });

  test('a room name naming the murderer fails', () => {
    expect(problems((f) => { f.public.rooms[0]!.name.en = `${murderer.name}'s hideout`; })).toContain(`/public/rooms/0/name/en names the murderer "${murdererId}"`);
  });

  test('a clue text naming the murderer fails (and contradicts its clue)', () => {
    const other = file.public.people.findIndex((p, i) => i !== m && p.clues.length > 0);
    const found = problems((f) => { f.public.people[other]!.clues[0]!.text.en = `${murderer.name} did it.`; });
    expect(found).toContain(`/public/people/${other}/clues/0/text/en names the murderer "${murdererId}"`);
    expect(found.some((p) => p.startsWith(`/public/people/${other}/clues/0/text/en: says`))).toBe(true);
  });

  test('the people\'s positions as digits in the id fail', () => {
    const digits = file.public.people.map((p) => file.secret!.solution.positions[p.id]!.join('')).join(' ');
    expect(problems((f) => { f.id = `case ${digits}`; })[0]).toMatch(/^id reveals the solution \(the people's rows and columns: /);
  });

  test('no false alarm on generated cases of every size, full and player forms', () => {
    for (const size of [4, 5, 6, 7, 8, 9]) {
      for (const level of ['easy', 'hard'] as const) {
        let kase: MurderCaseFile;
        try {
          kase = generateCase({ size, level, robust: size % 2 === 0 }, `leaks-${size}-${level}`);
        } catch {
          continue;
        }
        expect(verifyCase(kase).problems, `${size} ${level}`).toEqual([]);
        const { secret: _s, ...form } = kase;
        expect(verifyCase(form).problems, `${size} ${level} player`).toEqual([]);
      }
    }
  });
});
