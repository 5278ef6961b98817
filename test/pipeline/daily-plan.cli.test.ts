/**
 * The daily plan as a club file (issue 29, section 2): the schema and the one-line refusals of bad
 * plans, docs/daily-plan.json = the built-in plan, and the byte identity of a day made without a
 * plan, with `--plan docs/daily-plan.json`, and by the code before plans were files (a pinned hash).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { validator } from '../../src/core/schema.ts';
import { dailyPlan } from '../../src/pipeline/daily.ts';
import { DEFAULT_PLAN, readPlanFile, slotLevel, slotsFor } from '../../src/pipeline/daily-plan.ts';
import { DailyPlan } from '../../src/pipeline/schema.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-daily-plan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const KEY = 'the real daily set under a test key of 32+ characters';
const env = { PUZZLEMILL_DAILY_KEY: KEY };

/**
 * sha256 over a folder: for each file (paths sorted), "path\n" + sha256(bytes) + "\n". The same
 * script gave 985c95a0… for 2026-12-07 (a Monday) under KEY at commit 7345203 (the plan in code,
 * before plan files): `daily --date 2026-12-07 --out DIR`, public/ and secret/ (23 files); pinned
 * anew when issue 27 calibrated the grades (tiers moved, the score's parts: every Numbridge grade
 * score of the day changed, its levels by the same plan names; every grade names its hardest
 * technique, grade.technique, since issue 27 §3); grade scale 3; pinned anew for grade scale 4
 * (levels 1–2 placed by Sudoku Explainer's order: the day's four Numbridge boards, all easy, changed
 * only their grade's score and scale, every other byte as before)
 */
const PINNED_2026_12_07 = 'fb06d66247b73eb1fcd6fbfad37dc288053a9e39c8fe074481e779eb791e7f9f';

function treeHash(dir: string): { files: number; sha256: string } {
  const paths: string[] = [];
  const walk = (d: string, prefix: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), prefix + e.name + '/');
      else paths.push(prefix + e.name);
    }
  };
  walk(dir, '');
  // a day still to come is staged: hashed under the public/ path it is published at (publishDue
  // renames it, the bytes stay), so the pin holds before and after its date
  const published = (p: string) => p.replace(/^staged\//, 'public/');
  paths.sort((a, b) => (published(a) < published(b) ? -1 : published(a) > published(b) ? 1 : 0));
  const h = createHash('sha256');
  for (const p of paths) h.update(published(p) + '\n' + createHash('sha256').update(readFileSync(join(dir, p))).digest('hex') + '\n');
  return { files: paths.length, sha256: h.digest('hex') };
}

const GOOD = { format: 'puzzlemill/daily-plan', version: 1, slots: [{ slot: 'm', kind: 'murder', size: 4, level: 'easy' }] };

function refusal(plan: unknown): string {
  const file = join(tmp, 'plan.json');
  writeFileSync(file, typeof plan === 'string' ? plan : JSON.stringify(plan));
  try {
    readPlanFile(file);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message.replace(file, 'plan.json');
  }
  throw new Error('accepted');
}

const withSlot = (slot: Record<string, unknown>) => ({ ...GOOD, slots: [{ ...GOOD.slots[0], ...slot }] });

describe('the daily plan file', () => {
  test('docs/daily-plan.json is the built-in plan; it and the ladder example validate; the plan gives the slots the code gave', () => {
    const shipped = readPlanFile(join(ROOT, 'docs/daily-plan.json'));
    expect(shipped).toEqual(DEFAULT_PLAN);
    expect(validator(DailyPlan)(DEFAULT_PLAN)).toBe(true);
    const ladder = readPlanFile(join(ROOT, 'docs/daily-plan-ladder.json'));
    // the ladder gives the 6×6 boards a grade every day, Sunday … Saturday
    const week = ['2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12'];
    expect(week.map((d) => slotsFor(ladder, d).find((s) => s.slot === 'numbridge-6-regular')!.request.grade)).toEqual([4, 1, 1, 2, 2, 3, 3]);
    expect(week.map((d) => dailyPlan(d).find((s) => s.slot === 'numbridge-6-regular')!.request)).toEqual(week.map(() => ({ size: 6, blocks: 'regular', givens: 14 })));
    // a rotation: one level a day from its date, counting back before it
    const rotating = { ...GOOD.slots[0]!, level: { rotation: ['easy', 'medium', 'hard'] as Array<'easy' | 'medium' | 'hard'>, from: '2026-12-07' } };
    expect(['2026-12-05', '2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10'].map((d) => slotLevel(rotating, d))).toEqual(['medium', 'hard', 'easy', 'medium', 'hard', 'easy']);
    expect(dailyPlan('2026-12-07')[0]).toEqual({ slot: 'murder-4', kind: 'murder', request: { size: 4, level: 'easy', robust: true } });
  });

  test('a bad plan is one line with the JSON pointer', () => {
    expect(refusal('{"format":')).toBe('plan.json: not JSON: Unexpected end of JSON input');
    expect(refusal({ ...GOOD, format: 'puzzlemill/daily-index' })).toBe('plan.json /format: must be "puzzlemill/daily-plan" (not "puzzlemill/daily-index")');
    expect(refusal(withSlot({ level: { rotation: [], from: '2026-12-07' } }))).toBe('plan.json /slots/0/level/rotation: has fewer than 1 items');
    expect(refusal(withSlot({ level: { rotation: ['easy'], from: '2026-02-30' } }))).toBe('plan.json /slots/0/level/from: "2026-02-30" is not a date (YYYY-MM-DD)');
    expect(refusal(withSlot({ level: { rotation: ['easy'], from: '2026-13-01' } }))).toBe('plan.json /slots/0/level/from: "2026-13-01" is not a date (YYYY-MM-DD)');
    expect(refusal(withSlot({ level: { rotation: ['easy'], from: '2026-12-07', every: 2 } }))).toBe('plan.json /slots/0/level: unknown field "every"');
    expect(refusal(withSlot({ level: { rotation: ['easy', 'fiendish'], from: '2026-12-07' } }))).toBe(
      'plan.json /slots/0/level/rotation/1: murder refuses this slot: level: must be one of easy, medium, hard, not "fiendish"',
    );
    expect(refusal({ ...GOOD, daysAhead: 0 })).toBe('plan.json /daysAhead: must be ≥ 1');
    expect(refusal({ ...GOOD, slots: [] })).toBe('plan.json /slots: has fewer than 1 items');
    expect(refusal(withSlot({ level: ['easy'] }))).toBe('plan.json /slots/0/level: has fewer than 7 items');
    expect(refusal(withSlot({ level: ['easy', 'easy', 'easy', 'easy', 'easy', 'easy', 'mild'] }))).toBe(
      'plan.json /slots/0/level/6: must be one of "any", "easy", "medium", "hard", "fiendish", "extreme" (not "mild")',
    );
    expect(refusal(withSlot({ colour: 'red' }))).toBe('plan.json /slots/0: unknown field "colour"');
    // a field the kind has no use for is refused, not dropped without a word
    expect(refusal(withSlot({ givens: 30 }))).toBe('plan.json /slots/0/givens: murder has no request field "givens"');
    expect(refusal(withSlot({ options: { colour: 'red' } }))).toBe('plan.json /slots/0/options/colour: murder has no request field "colour"');
    expect(refusal(withSlot({ options: { toString: 1 } }))).toBe('plan.json /slots/0/options/toString: murder has no request field "toString"');
    // options add a kind's fields; they do not override the slot's own or its level plan
    expect(refusal(withSlot({ options: { size: 9 } }))).toBe('plan.json /slots/0/options/size: "size" is the slot\'s own field, not an option');
    expect(refusal(withSlot({ options: { grade: 5 } }))).toBe('plan.json /slots/0/options/grade: "grade" is the slot\'s own field (the level plan, "level"), not an option');
    expect(refusal(withSlot({ slot: 'Murder 4' }))).toMatch(/^plan\.json \/slots\/0\/slot: must match pattern /);
    expect(refusal(withSlot({ clues: 'all' }))).toBe('plan.json /slots/0/clues: must be one of "sheet", "extended" (not "all")');
    expect(refusal(withSlot({ level: 'extreme' }))).toBe('plan.json /slots/0/level: murder refuses this slot: level: must be one of easy, medium, hard, not "extreme"');
    expect(refusal(withSlot({ kind: 'chess' }))).toMatch(/^plan\.json \/slots\/0\/kind: unknown puzzle kind "chess" \(known: [a-z, ]*murder[a-z, ]*\)$/);
    expect(refusal({ ...GOOD, slots: [GOOD.slots[0], { ...GOOD.slots[0], size: 5 }] })).toBe('plan.json /slots/1/slot: slot "m" is named twice');
  });

  test('mutated plans are read or refused with an InputError of one line, never another error', () => {
    const text = readFileSync(join(ROOT, 'docs/daily-plan-ladder.json'), 'utf8');
    const pieces = ['"', '{', '}', '[', ']', ',', ':', '0', '-1', '1e400', 'null', 'true', '"x"', '"any"', '"extreme"', '{"rotation":["hard"],"from":"2026-99-01"}', '[]', '"\\u0000"'];
    let seed = 29;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const file = join(tmp, 'mutant.json');
    for (let i = 0; i < 1500; i++) {
      const at = random(text.length);
      const cut = random(4);
      writeFileSync(file, text.slice(0, at) + pieces[random(pieces.length)] + text.slice(at + cut));
      try {
        readPlanFile(file);
      } catch (e) {
        expect(e, String(e)).toBeInstanceOf(InputError);
        expect((e as Error).message).not.toContain('\n');
      }
    }
  });

  test('a YAML plan reads as its JSON; a YAML error is one line', () => {
    const yaml = join(tmp, 'plan.yaml');
    writeFileSync(
      yaml,
      [
        'format: puzzlemill/daily-plan',
        'version: 1',
        'slots:',
        '  - { slot: murder-4, kind: murder, size: 4, robust: true, level: easy }',
        '  - slot: numbridge-9',
        '    kind: numbridge',
        '    size: 9',
        '    givens: 30',
        '    level: [extreme, easy, medium, medium, hard, hard, fiendish]   # Sunday … Saturday',
        '',
      ].join('\n'),
    );
    expect(readPlanFile(yaml)).toEqual({ ...GOOD, slots: [{ slot: 'murder-4', kind: 'murder', size: 4, robust: true, level: 'easy' }, { slot: 'numbridge-9', kind: 'numbridge', size: 9, givens: 30, level: ['extreme', 'easy', 'medium', 'medium', 'hard', 'hard', 'fiendish'] }] });
    writeFileSync(yaml, 'format: puzzlemill/daily-plan\nslots: [\n');
    expect(() => readPlanFile(yaml)).toThrow(/^\S+plan\.yaml: not YAML: [^\n]+$/);
    writeFileSync(yaml, 'format: puzzlemill/daily-plan\nversion: 1\nslots:\n  - { slot: m, kind: murder, size: 4, level: mild }\n');
    expect(() => readPlanFile(yaml)).toThrow(/plan\.yaml \/slots\/0\/level: must be one of/);
  });

  test('a slot named "index" is refused: its file would overwrite the day\'s index', () => {
    const file = join(tmp, 'index-slot.json');
    writeFileSync(file, JSON.stringify(withSlot({ slot: 'index' })));
    const r = runCli(['daily', '--date', '2026-11-02', '--out', join(tmp, 'never-index'), '--plan', file], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`puzzlemill: ${file} /slots/0/slot: slot "index" is reserved (the day's index.json)\n`);
  });

  test('daily --plan BAD: exit 2, one line, nothing written', () => {
    const file = join(tmp, 'short.json');
    writeFileSync(file, JSON.stringify(withSlot({ level: ['easy'] })));
    const r = runCli(['daily', '--date', '2026-12-07', '--out', join(tmp, 'never'), '--plan', file], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`puzzlemill: ${file} /slots/0/level: has fewer than 7 items\n`);
    expect(() => readdirSync(join(tmp, 'never'))).toThrow();
  });

  test('2026-12-07: without --plan, with --plan docs/daily-plan.json and before plan files: the same bytes', () => {
    const a = runCli(['daily', '--date', '2026-12-07', '--out', join(tmp, 'a'), '--quiet'], { env });
    expect(a.stderr).toBe('');
    const b = runCli(['daily', '--date', '2026-12-07', '--out', join(tmp, 'b'), '--quiet', '--plan', join(ROOT, 'docs/daily-plan.json')], { env });
    expect(b.stderr).toBe('');
    expect(treeHash(join(tmp, 'a'))).toEqual({ files: 23, sha256: PINNED_2026_12_07 });
    expect(treeHash(join(tmp, 'b'))).toEqual({ files: 23, sha256: PINNED_2026_12_07 });
    // made with the default plan, the day is not remade with another: its set may be out, and its
    // fingerprints would be dropped (its puzzles could come again)
    const other = join(tmp, 'other-plan.json');
    writeFileSync(other, JSON.stringify(GOOD));
    const c = runCli(['daily', '--date', '2026-12-07', '--out', join(tmp, 'a'), '--quiet', '--plan', other], { env });
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/^puzzlemill: \S+index\.json: 2026-12-07 was made with another plan \(slot m differs\); make it with the plan it was made with, or remove the date's public, staged and secret folders to make a new set\n$/);
    expect(treeHash(join(tmp, 'a'))).toEqual({ files: 23, sha256: PINNED_2026_12_07 });
  }, 60_000);
});
