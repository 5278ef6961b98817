/**
 * `puzzlemill render` on Numbridge deals, records (`--turn`) and a table seat's state (a saved
 * answer of GET /tables/:id): names, PNG, and the one-line refusals.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readNumbridgeDeal } from '../../src/games/numbridge/files.ts';
import { newGame } from '../../src/games/numbridge/state.ts';
import { playerView } from '../../src/games/numbridge/view.ts';
import type { SeatState } from '../../src/server/tables/schema.ts';
import { runCli } from '../helpers/cli.ts';
import { numbridgeDeal, numbridgeRecord } from './samples.ts';
import { countClass, textsOfClass } from './svg-helpers.ts';

let dir = '';
const total = () => numbridgeRecord().public.moves.length;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'render-numbridge-'));
  writeFileSync(join(dir, 'deal.json'), JSON.stringify(numbridgeDeal()));
  writeFileSync(join(dir, 'record.json'), JSON.stringify(numbridgeRecord(), null, 2));
  const state = newGame(readNumbridgeDeal(numbridgeDeal(), { source: 'deal' }).setup);
  const seat: SeatState = {
    id: 'tbl-cli',
    seat: 2,
    view: playerView(state, 2),
    moves: [],
    moveCount: 0,
    clock: { now: 1_700_000_000_000, turnStartedAt: 1_700_000_000_000, turnLeft: 60_000, gameLeft: { '1': 1_800_000, '2': 1_800_000 } },
  };
  writeFileSync(join(dir, 'seat.json'), JSON.stringify(seat));
  writeFileSync(join(dir, 'zap.json'), JSON.stringify({ format: 'puzzlemill/zap', id: 'z' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('puzzlemill render: Numbridge games', () => {
  test('a record at a move and at its end, named by the move, the same bytes every run', () => {
    const out = join(dir, 'out');
    const r = runCli(['render', join(dir, 'record.json'), '--turn', '3', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const id = numbridgeRecord().id;
    expect(readdirSync(out)).toEqual([`${id}.turn-3.en.svg`]);
    const svg = readFileSync(join(out, `${id}.turn-3.en.svg`), 'utf8');
    expect(svg).toContain(`after move 3/${total()}`);
    const again = runCli(['render', join(dir, 'record.json'), '--turn', '3']);
    expect(again.stdout).toBe(svg);
    const end = runCli(['render', join(dir, 'record.json'), '--lang', 'de']);
    expect(end.code).toBe(0);
    expect(end.stdout).toContain(`nach Zug ${total()}/${total()}`);
  });

  test('--turn past the end, negative or no number: one line naming the option, exit 2, no stack trace', () => {
    const file = join(dir, 'record.json');
    const past = runCli(['render', file, '--turn', String(total() + 1)]);
    expect(past.code).toBe(2);
    expect(past.stderr).toBe(`puzzlemill: ${file}:1: --turn ${total() + 1} is out of range: this record has ${total()} moves (--turn 0..${total()})\n`);
    expect(past.stdout).toBe('');
    for (const bad of ['-1', '2.5', 'x']) {
      const r = runCli(['render', file, '--turn', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr.trim().split('\n'), bad).toHaveLength(1);
      expect(r.stderr, bad).toMatch(/--turn must be/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test("a seat's saved state: recognised by its shape, only its own hand; PNG too", () => {
    const r = runCli(['render', join(dir, 'seat.json')]);
    expect(r.code, r.stderr).toBe(0);
    const hand = playerView(newGame(readNumbridgeDeal(numbridgeDeal(), { source: 'deal' }).setup), 2).hand;
    expect(textsOfClass(r.stdout, 'hand-digit')).toEqual(hand.map(String));
    expect(countClass(r.stdout, 'hand-hidden')).toBe(3);
    const out = join(dir, 'png');
    const png = runCli(['render', join(dir, 'seat.json'), join(dir, 'deal.json'), '--format', 'png', '--scale', '1', '--out', out]);
    expect(png.code, png.stderr).toBe(0);
    const names = readdirSync(out).sort();
    expect(names).toEqual([`${numbridgeDeal().id}.en.png`, 'tbl-cli.seat-2.en.png'].sort());
    for (const name of names) expect([...readFileSync(join(out, name)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  test('an unknown format is still refused in one line naming what render draws', () => {
    const r = runCli(['render', join(dir, 'zap.json')]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/zap\.json:1 \/format: cannot draw "puzzlemill\/zap" \(drawable: .*puzzlemill\/numbridge-deal, puzzlemill\/numbridge-record, or a table seat's state \(GET \/tables\/:id\)\)$/);
  });
});
