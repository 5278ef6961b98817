/**
 * Files from other tools, read as FORMATS.md promises (issue 12, point 3): a `secret` with a
 * solution but no proof (or seed) is verified, not refused; unknown fields in the file, `public`,
 * `secret`, rooms, people and clues are accepted and ignored by verify, render and export.
 * Writers stay strict: what we write is still checked against the closed schema.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readerSchema, validator } from '../../src/core/schema.ts';
import { playerForm as casePlayerForm } from '../../src/murder/case-file.ts';
import { boardFileText, playerForm as boardPlayerForm } from '../../src/numbridge-board/board-file.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { MurderCaseFile } from '../../src/murder/schema.ts';
import { runCli } from '../helpers/cli.ts';
import { boardIrregular9, murderCase } from '../render/samples.ts';

type Json = Record<string, unknown>;
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Our board as another tool might write it: only the solution in `secret`, and fields of its own. */
function foreignBoard(): Json {
  const board = copy(boardIrregular9()) as unknown as Json & { public: Json; secret: Json };
  const { solution } = board.secret;
  board.secret = { solution, solver: 'othertool 2.1' };
  board.public.author = 'somebody else';
  board.generator = { name: 'othertool' };
  return board;
}

/** Our case as another tool might write it: the solution only, and extra fields on rooms, people and clues. */
function foreignCase(): Json {
  const kase = copy(murderCase(6)) as unknown as Json & { public: { rooms: Json[]; people: Array<Json & { clues: Json[] }> }; secret: Json };
  kase.secret = { solution: kase.secret.solution, note: 'checked by hand' };
  kase.public.rooms[0]!.colour = '#ffcc00';
  kase.public.people[0]!.portrait = 'anna.png';
  for (const person of kase.public.people) for (const clue of person.clues) clue.hint = 'look at the sofa';
  (kase.public as unknown as Json).difficultyStars = 2;
  kase.tool = 'othertool';
  return kase;
}

let dir = '';
const path = (name: string) => join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'foreign-'));
  writeFileSync(path('board.json'), JSON.stringify(foreignBoard()));
  writeFileSync(path('case.json'), JSON.stringify(foreignCase()));
  const wrong = foreignBoard() as Json & { secret: { solution: number[][] } };
  const row = wrong.secret.solution[0]!;
  [row[0], row[1]] = [row[1]!, row[0]!];
  writeFileSync(path('wrong-solution.json'), JSON.stringify(wrong));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('foreign files through the CLI', () => {
  test('verify: a board with a solution but no proof, and unknown fields, is checked and passes', () => {
    const r = runCli(['verify', path('board.json'), path('case.json')]);
    expect(r.stderr).toMatch(/verified 2: 2 ok, 0 failed/);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/: ok: numbridge 9×9 irregular, 30 givens/);
    expect(lines[1]).toMatch(/: ok: murder 6×6 medium/);
  });

  test('verify: the solution of a proof-less file is still checked', () => {
    const r = runCli(['verify', path('wrong-solution.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL: .*secret solution is not the board's solution \(first difference at r1c1\)/);
  });

  test('render: both files draw, with and without the solution', () => {
    for (const extra of [[], ['--solution']]) {
      const out = path(`pictures${extra.length}`);
      const r = runCli(['render', path('board.json'), path('case.json'), '--out', out, ...extra]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(readdirSync(out).filter((name) => name.endsWith('.svg'))).toHaveLength(2);
    }
  });

  test('export: the board goes out with its solution', () => {
    const r = runCli(['export', '--to', 'ipuz', '--solution', path('board.json')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const ipuz = JSON.parse(r.stdout) as { solution: unknown[][] };
    expect(ipuz.solution.flat()).toEqual((boardIrregular9().secret!.solution.flat() as unknown[]));
  });
});

describe('unknown fields are ignored, but never let a solution through', () => {
  test('an unknown public field that spells the solution fails verify', () => {
    const board = foreignBoard() as Json & { public: Json; secret: { solution: number[][] } };
    board.public.answer = board.secret.solution.flat().join('');
    expect(verifyBoard(board).problems).toEqual(['/public/answer reveals the solution (all 81 digits in order)']);
    board.public.answer = { rows: board.secret.solution };
    expect(verifyBoard(board).problems).toEqual(['public field "answer" reveals the solution']);
  });

  test('player forms keep only format, version, id and public', () => {
    const kase = foreignCase();
    expect(Object.keys(casePlayerForm(kase as never))).toEqual(['format', 'version', 'id', 'public']);
    expect(Object.keys(boardPlayerForm(foreignBoard() as never))).toEqual(['format', 'version', 'id', 'public']);
  });
});

describe('one schema source: strict for writers, lenient for readers', () => {
  test('the reader form accepts what the writer form refuses, and only that', () => {
    for (const [schema, file] of [
      [NumbridgeBoardFile, foreignBoard()],
      [MurderCaseFile, foreignCase()],
    ] as const) {
      expect(validator(schema)(file)).toBe(false);
      expect(validator(readerSchema(schema))(file)).toBe(true);
      // a solution is still needed, and a field we know must still be what it should be
      expect(validator(readerSchema(schema))({ ...file, secret: {} })).toBe(false);
      expect(validator(readerSchema(schema))({ ...file, version: 2 })).toBe(false);
    }
  });

  test('deriving the reader form leaves the published (writer) schema as it was', () => {
    const before = JSON.stringify(NumbridgeBoardFile);
    const reader = readerSchema(NumbridgeBoardFile) as { $id: string };
    expect(JSON.stringify(NumbridgeBoardFile)).toBe(before);
    expect(reader.$id).toBe('https://puzzlemill.dev/schemas/read/numbridge-board.schema.json');
    expect(JSON.stringify(NumbridgeBoardFile)).toContain('"required":["solution","proof","seed"]');
  });

  test('our own output is still validated strictly', () => {
    const board = copy(boardIrregular9()) as NumbridgeBoardFile & { extra?: number };
    board.extra = 1;
    expect(() => boardFileText(board)).toThrow(/unknown field "extra"/);
  });
});
