import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { dealDomino } from '../../src/games/domino/files.ts';
import { recordFromText } from '../../src/games/domino/record.ts';
import { parseRecordText } from '../../src/games/domino/record-text.ts';
import { replay, replayJson } from '../../src/games/domino/replay.ts';
import { dealKosmos } from '../../src/games/kosmos/deal.ts';
import { runCli, ROOT } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'pm-games-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const EXAMPLE = ROOT + 'test/fixtures/domino-example.txt';
const schemaOf = (name: string) => new Ajv2020({ strict: true, allowUnionTypes: true }).compile(JSON.parse(readFileSync(ROOT + `schemas/${name}.schema.json`, 'utf8')));

describe('puzzlemill deal', () => {
  test('domino and kosmos: the same seed writes the same bytes, valid against schemas/', () => {
    const a = runCli(['deal', 'domino', '--players', '3', '--seed', 'club']);
    const b = runCli(['deal', 'domino', '--players', '3', '--seed', 'club']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(schemaOf('domino-deal')(JSON.parse(a.stdout))).toBe(true);
    const k = runCli(['deal', 'kosmos', '-p', '4', '-s', 'club', '-n', '3']);
    expect(k.code).toBe(0);
    const lines = k.stdout.trim().split('\n').map((l) => JSON.parse(l));
    // Ids are content hashes: distinct, stable, and never the seed (from which the pile could be rebuilt).
    const ids = lines.map((l) => l.id as string);
    for (const id of ids) expect(id).toMatch(/^kosmos-4p-[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(3);
    expect(JSON.parse(a.stdout).id).toMatch(/^domino-3p-[0-9a-f]{16}$/);
    expect(a.stdout.split('"secret"')[0]).not.toContain('club');
    for (const l of lines) expect(schemaOf('kosmos-deal')(l)).toBe(true);
    const pub = JSON.parse(runCli(['deal', 'kosmos', '-s', 'club', '--public']).stdout);
    expect(pub.secret).toBeUndefined();
  });

  test('bad options: one line, exit 2', () => {
    const r = runCli(['deal', 'domino', '--players', '5', '--seed', '1']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/players/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(runCli(['deal', 'kosmos', '--seed', 'a', '--seed', 'b'])).toMatchObject({ code: 2, stdout: '', stderr: 'puzzlemill: --seed is given more than once (see --help)\n' });
    expect(runCli(['deal', 'domino', '--seed', ''])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^puzzlemill: --seed must not be empty/) });
  });
});

describe('puzzlemill replay domino', () => {
  test('the sheet\'s example: move by move, scores, winner B, five contradictions, exit 1', () => {
    const r = runCli(['replay', 'domino', EXAMPLE]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('  18  B       [1/8] (7,1/4,7)');
    expect(r.stdout).toContain('scores: A -16 (+0 −16), B -7 (+0 −7), C -29 (+0 −29), D -24 (+10 −34)');
    expect(r.stdout).toContain('winner: B\n5 contradictions between the record and the rules:');
    expect(r.stdout).toContain(`line 6:113 D [5/7] ( 0 ) — unplaceable-but-placeable`);
  });

  test('--json prints the library\'s report as one object, valid against its schema', () => {
    const r = runCli(['replay', 'domino', '--json', EXAMPLE]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json).toEqual(replayJson(replay(recordFromText(parseRecordText(readFileSync(EXAMPLE, 'utf8'), EXAMPLE)))));
    expect(schemaOf('domino-replay')(json)).toBe(true);
  });

  test('unreadable records: one line naming file, line and column, exit 2', () => {
    const bad = file('bad.txt', '| Spieler A | Spieler B |\n[1/2] (1,1/1,2) |\n[2/3] (1,3/1;6) |\n');
    expect(runCli(['replay', 'domino', bad])).toMatchObject({ code: 2, stdout: '', stderr: `puzzlemill: ${bad}:3:13: expected "," between Feld and Platz, found ";"\n` });
    const json = file('bad.json', '{\n  "format": "puzzlemill/domino-deal",\n  "x": [1,,2]\n}');
    const r = runCli(['replay', 'domino', json]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^puzzlemill: ${json}:3:11: not valid JSON`));
    const utf16 = file('utf16.txt', '');
    writeFileSync(utf16, Buffer.from('\ufeff| Spieler A | Spieler B |\n', 'utf16le'));
    expect(runCli(['replay', 'domino', utf16])).toMatchObject({ code: 2, stdout: '', stderr: `puzzlemill: ${utf16}:1:4: a NUL byte: not UTF-8 text (UTF-16, or a binary file?)\n` });
    const wrong = file('wrong.json', JSON.stringify({ format: 'puzzlemill/domino-deal' }));
    expect(runCli(['replay', 'domino', wrong]).stderr).toBe(`puzzlemill: ${wrong} /format: expected a puzzlemill/domino-record (or the sheet's text notation), found puzzlemill/domino-deal\n`);
  });
});

describe('puzzlemill complete domino', () => {
  test('the end of the example game: the ten dominoes left cannot all be placed', () => {
    const r = runCli(['complete', 'domino', '--json', EXAMPLE]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ remaining: 10, placeable: false, arrangement: null, doOrderable: true });
    // the record breaks the rules, so the answer says whose board it is
    expect(r.stderr).toBe(`puzzlemill: ${EXAMPLE}: the record contradicts the rules in 5 places (see replay domino); the question is asked of its final board\n`);
  });

  test('a deal: all 36 fit on the empty board, listed in a DO order', () => {
    const deal = file('deal.json', JSON.stringify(dealDomino(2, '1')));
    const r = runCli(['complete', 'domino', deal]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^placeable: yes: all 36 remaining dominoes fit\n/);
    expect(r.stdout).toContain('DO rule: an order exists: [1/2] [1/3]');
  });

  test('a position file: the schema names the bad field', () => {
    const pos = file('pos.json', JSON.stringify({ format: 'puzzlemill/domino-position', version: 1, id: 'p', public: { board: Array(9).fill(Array(9).fill(0)), remaining: [[1, 1]], last: null } }));
    expect(runCli(['complete', 'domino', pos])).toMatchObject({ code: 2, stderr: `puzzlemill: ${pos} /public/remaining/0: [1/1] is not a domino: its two numbers must differ\n` });
    // a budget that is no budget is a bad command line, not an "undecided" answer
    expect(runCli(['complete', 'domino', '--max-nodes', '-5', EXAMPLE])).toMatchObject({ code: 2, stdout: '', stderr: 'puzzlemill: --max-nodes must be a whole number ≥ 0, got -5 (see --help)\n' });
    expect(runCli(['complete', 'domino', '--max-nodes', '0', EXAMPLE])).toMatchObject({ code: 2, stdout: '', stderr: 'puzzlemill: --max-nodes must be a whole number ≥ 1 (see --help)\n' });
  });
});

describe('puzzlemill replay kosmos', () => {
  test('a record replays with scores; turns out of order exit 1', () => {
    const deal = dealKosmos(2, 'k');
    const record = { format: 'puzzlemill/kosmos-record', version: 1, id: 'k', public: { players: 2, scoring: 'standard', gold: deal.public.gold, turns: [{ player: 1, tile: 3, claim: 'no-legal-cell' }] } };
    const r = runCli(['replay', 'kosmos', file('k.json', JSON.stringify(record))]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('problem: turn 1: seat 2 moved, but seat 1 was to move');
    expect(r.stdout).toContain('the record ends while the game is still running');
    const j = runCli(['replay', 'kosmos', '--json', file('k.json', JSON.stringify(record))]);
    expect(j.code).toBe(1);
    expect(schemaOf('kosmos-replay')(JSON.parse(j.stdout))).toBe(true);
  });
});
