import { describe, expect, test } from 'vitest';
import { dealKosmos, goldProblem, setupBoard } from '../../src/games/kosmos/deal.ts';
import { readKosmosDeal, readKosmosRecord } from '../../src/games/kosmos/files.ts';
import { fullBoardScore, playSolo, SOLO_PLAYERS } from '../../src/games/kosmos/players.ts';
import {
  advance,
  canComplete,
  claimNoLegalCell,
  finalScores,
  legalCells,
  moveScore,
  newGame,
  playTile,
  trackScore,
  winners,
  type KosmosState,
} from '../../src/games/kosmos/referee.ts';
import { kosmosReplayJson, replayKosmos } from '../../src/games/kosmos/replay.ts';
import { KosmosReplayJson, type KosmosRecordFile } from '../../src/games/kosmos/schema.ts';
import { validator } from '../../src/core/schema.ts';
import { isSolutionOf } from '../../src/sudoku/check.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';

const REGIONS = regularRegions(9);
const grid = (rows: string[]) => Uint8Array.from(rows.join('').replace(/\s/g, ''), (ch) => (ch === '.' ? 0 : Number(ch)));
const rc = (r: number, c: number) => (r - 1) * 9 + (c - 1); // 1-based, as the tables read

/** Tiles placed around r5c5 (1-based): the block F5, the row R5 and the column S5. */
const AROUND = grid([
  '....1....', // r1c5: column, outside the block
  '.........',
  '.........',
  '...2.3...', // r4c4, r4c6: block
  '4..5...6.', // r5c1, r5c8: row outside the block; r5c4: block and row
  '....7....', // r6c5: block and column
  '.........',
  '.........',
  '....8...9', // r9c5: column outside the block; r9c9: unrelated
]);

describe('scoring a move', () => {
  test.each<[string, number, 'standard' | 'simplified', number]>([
    // standard: block F5 holds 4 tiles (r4c4 r4c6 r5c4 r6c5); outside it, row R5 has 2 (r5c1 r5c8), column S5 has 2 (r1c5 r9c5)
    ['standard: block plus row and column outside the block', rc(5, 5), 'standard', 8],
    // simplified: row R5 has r5c1 r5c4 r5c8 = 3, column S5 has r1c5 r6c5 r9c5 = 3
    ['simplified: the whole row and column', rc(5, 5), 'simplified', 6],
    ['standard, a corner cell', rc(1, 1), 'standard', 2], // r1c5 in its row, r5c1 in its column
    ['simplified, a corner cell', rc(1, 1), 'simplified', 2],
    // r4c4 itself holds a tile, which is not counted: r4c6, r5c4, r6c5 in the block, nothing else
    ['the cell\'s own tile does not count', rc(4, 4), 'standard', 3],
  ])('%s', (_name, cell, scoring, points) => {
    expect(moveScore(AROUND, cell, scoring)).toBe(points);
  });
});

describe('legal cells: the Sudoku rule', () => {
  test('a digit may go only where its row, column and block lack it', () => {
    const cells = legalCells(AROUND, 5);
    expect(cells).not.toContain(rc(5, 2)); // row R5 has a 5
    expect(cells).not.toContain(rc(1, 4)); // column S4 has a 5
    expect(cells).not.toContain(rc(6, 6)); // block F5 has a 5
    expect(cells).not.toContain(rc(5, 1)); // taken
    expect(cells).toContain(rc(1, 1));
    // 81 − 21 cells of R5 ∪ S4 ∪ F5, minus the 3 tiles outside them (r1c5, r9c5, r9c9)
    expect(cells).toHaveLength(57);
  });
});

describe('the score track: 40 spaces and lap counters', () => {
  test.each([
    [{ laps: 0, position: 0 }, 7, { laps: 0, position: 7 }],
    [{ laps: 0, position: 39 }, 1, { laps: 1, position: 0 }], // reaching the start earns a counter
    [{ laps: 0, position: 35 }, 12, { laps: 1, position: 7 }], // passing it too
    [{ laps: 2, position: 10 }, 0, { laps: 2, position: 10 }],
    [{ laps: 0, position: 30 }, 90, { laps: 3, position: 0 }],
  ])('%j + %i → %j', (track, points, expected) => {
    expect(advance(track, points)).toEqual(expected);
    expect(trackScore(expected)).toBe(trackScore(track) + points);
  });
});

/** A 2-player game on the AROUND board, seat 0 holding `a`, seat 1 `b`, the pile then `pile`. */
const game = (a: number, b: number, pile: number[] = [1, 2, 3]): KosmosState => newGame(AROUND, [a, b, ...pile], 2);

describe('a turn', () => {
  test('a legal tile scores, moves the stone, draws the next tile, and passes the turn', () => {
    const { state, result } = playTile(game(5, 7), rc(1, 1));
    expect(result).toMatchObject({ kind: 'placed', points: 2 });
    expect(state.board[rc(1, 1)]).toBe(5);
    expect(state.track[0]).toEqual({ laps: 0, position: 2 });
    expect(state.hands).toEqual([1, 7]);
    expect(state.toMove).toBe(1);
  });
  test('an illegal tile is put aside without points; the player draws and the turn passes', () => {
    const s = game(5, 7);
    const { state, result } = playTile(s, rc(5, 2));
    expect(result.kind).toBe('aside');
    expect(result.clashes.map((c) => c.house)).toEqual(['R5']);
    expect(state.board[rc(5, 2)]).toBe(0);
    expect(state.aside).toEqual([5]);
    expect(state.track[0]).toEqual({ laps: 0, position: 0 });
    expect(state.hands).toEqual([1, 7]);
    expect(state.toMove).toBe(1);
    expect(s.aside).toEqual([]); // immutable
  });
  test('an error noticed only later stays on the board, with the points it was counted for', () => {
    const { state, result } = playTile(game(5, 7), rc(5, 2), { noticedLate: true });
    expect(result.kind).toBe('late-error');
    expect(state.board[rc(5, 2)]).toBe(5);
    expect(result.points).toBe(moveScore(AROUND, rc(5, 2), 'standard'));
    expect(canComplete(state.board).completable).toBe(false);
  });
  test('a taken cell is no move at all', () => {
    const s = game(5, 7);
    expect(playTile(s, rc(5, 1))).toEqual({ state: s, result: { kind: 'refused', tile: 5, clashes: [], points: 0 } });
  });
});

describe('"no legal cell": the claim and the end of the game', () => {
  // a full Sudoku with r1c1 (5) and r1c2 (3) free: a 9 fits nowhere, a 5 does
  const nine = grid(['..4678912', '672195348', '198342567', '859761423', '426853791', '713924856', '961537284', '287419635', '345286179']);
  test('a true claim ends the game', () => {
    const s = newGame(nine, [9, 4, 1], 2);
    expect(legalCells(nine, 9)).toEqual([]);
    const c = claimNoLegalCell(s);
    expect(c).toMatchObject({ valid: true, legalCell: null });
    expect(c.state.over).toEqual({ reason: 'no-legal-cell', by: 0 });
    expect(() => playTile(c.state, 30)).toThrow(/over/);
  });
  test('a false claim comes back with a legal cell; the tile is put aside without points', () => {
    const s = newGame(nine, [5, 9, 1], 2);
    const c = claimNoLegalCell(s);
    expect(c.valid).toBe(false);
    expect(c.legalCell).toBe(0);
    expect(c.state.aside).toEqual([5]);
    expect(c.state.over).toBeNull();
    expect(c.state.track[0]).toEqual({ laps: 0, position: 0 });
    expect(c.state.toMove).toBe(1);
  });
  test('the game ends when all tiles are played; final score = 40 × laps + position', () => {
    let s = newGame(AROUND, [1, 2, 3], 2);
    s = playTile(s, rc(2, 2)).state; // seat 0 places 1, draws 3
    s = playTile(s, rc(3, 3)).state; // seat 1 places 2, draws nothing
    expect(s.hands).toEqual([3, 0]);
    expect(s.toMove).toBe(0);
    s = playTile(s, rc(7, 7)).state;
    expect(s.over).toEqual({ reason: 'all-placed', by: null });
    expect(finalScores(s)).toEqual([s.track[0]!.laps * 40 + s.track[0]!.position, s.track[1]!.position]);
    expect(winners(s)).toEqual(finalScores(s)[0]! > finalScores(s)[1]! ? [0] : finalScores(s)[0]! < finalScores(s)[1]! ? [1] : [0, 1]);
  });
  test('the highest score wins, lap counters included; a tie has several winners', () => {
    const s = newGame(AROUND, [1, 2, 3], 3);
    expect(winners({ ...s, track: [{ laps: 1, position: 0 }, { laps: 0, position: 39 }, { laps: 0, position: 12 }] })).toEqual([0]);
    expect(winners({ ...s, track: [{ laps: 0, position: 7 }, { laps: 0, position: 12 }, { laps: 0, position: 12 }] })).toEqual([1, 2]);
    expect(winners(s)).toEqual([0, 1, 2]); // nobody has scored yet
  });
});

describe('deals', () => {
  test.each([1, 2, 3, 4])('%i players: gold one per row and column, digits once, proven completable; pile of 8 × 9', (players) => {
    for (const seed of ['a', 'b', 'c']) {
      const deal = readKosmosDeal(dealKosmos(players, seed), { source: 'deal' });
      expect(deal).toEqual(dealKosmos(players, seed));
      expect(goldProblem(deal.public.gold)).toBeNull();
      const setup = setupBoard(deal.public.gold);
      const completion = Uint8Array.from(deal.secret!.completion.flat());
      expect(isSolutionOf({ size: 9, regions: REGIONS, givens: setup }, completion)).toBe(true);
      expect([...deal.secret!.pile].sort()).toEqual(Array.from({ length: 72 }, (_, i) => Math.floor(i / 8) + 1));
    }
  });
  test('bad deal files are refused with a pointer', () => {
    const deal = dealKosmos(2, 'x');
    deal.public.gold[3]!.column = deal.public.gold[0]!.column;
    expect(() => readKosmosDeal(deal, { source: 'k.json' })).toThrow('k.json /public/gold/3: a second gold tile in column');
    const deal2 = dealKosmos(2, 'x');
    deal2.secret!.pile[0] = deal2.secret!.pile[0] === 1 ? 2 : 1;
    expect(() => readKosmosDeal(deal2, { source: 'k.json' })).toThrow('k.json /secret/pile: holds');
    // the completability witness: a full Sudoku over the gold tiles, checked rather than trusted
    const deal3 = dealKosmos(2, 'x');
    const g = deal3.public.gold[0]!;
    const row = deal3.secret!.completion[g.row]!;
    const other = (g.column + 1) % 9;
    [row[g.column], row[other]] = [row[other]!, row[g.column]!]; // still a permutation of its row, but not over the gold tile
    expect(() => readKosmosDeal(deal3, { source: 'k.json' })).toThrow(`k.json /secret/completion/${g.row}/${g.column}: ${row[g.column]} where the gold ${g.digit} lies`);
    const deal4 = dealKosmos(2, 'x');
    const free = [...Array(81).keys()].find((c) => !deal4.public.gold.some((t) => t.row * 9 + t.column === c))!;
    const r4 = deal4.secret!.completion[Math.floor(free / 9)]!;
    r4[free % 9] = r4[free % 9] === 9 ? 1 : r4[free % 9]! + 1;
    expect(() => readKosmosDeal(deal4, { source: 'k.json' })).toThrow(/k\.json \/secret\/completion\/\d\/\d: not a Sudoku: a second \d in the (row|column|block)/);
  });
});

describe('the solo variant', () => {
  test('a filled board always scores 810 − (gold pairs sharing a block), whatever the order; the solver player always fills it', () => {
    for (const seed of ['s1', 's2', 's3', 's4']) {
      const deal = dealKosmos(1, seed);
      const r = playSolo(deal, 'solver');
      expect(r).toEqual({ score: fullBoardScore(deal), placed: 72, filled: true });
      expect(playSolo(deal, 'solver', 'simplified').score).toBe(648);
    }
  });
  test('every player is deterministic per deal and never scores above the full board', () => {
    const deal = dealKosmos(1, 'same');
    for (const p of SOLO_PLAYERS) {
      const a = playSolo(deal, p);
      expect(playSolo(deal, p)).toEqual(a);
      expect(a.score).toBeLessThanOrEqual(fullBoardScore(deal));
    }
  });
});

describe('replaying a Kosmos record', () => {
  const deal = dealKosmos(2, 'rec');
  const base = (turns: KosmosRecordFile['public']['turns']): KosmosRecordFile => ({ format: 'puzzlemill/kosmos-record', version: 1, id: 'r', public: { players: 2, scoring: 'standard', gold: deal.public.gold, turns } });
  const setup = setupBoard(deal.public.gold);
  const free = (d: number) => legalCells(setup, d)[0]!;
  test('verdicts per turn, scores and the turn order', () => {
    const bad = legalCells(setup, 1).length < 81 ? [...Array(81).keys()].find((c) => setup[c] === 0 && !legalCells(setup, 1).includes(c))! : 0;
    const r = replayKosmos(readKosmosRecord(base([
      { player: 0, tile: 1, cell: [Math.floor(free(1) / 9), free(1) % 9] },
      { player: 1, tile: 1, cell: [Math.floor(bad / 9), bad % 9] },
      { player: 0, tile: 2, claim: 'no-legal-cell' },
      { player: 0, tile: 3, cell: [0, 0] },
    ]), { source: 'r.json' }));
    expect(r.turns.map((t) => t.verdict)).toEqual(['placed', 'aside', 'false-claim', 'out-of-turn']);
    expect(r.problems).toEqual(['turn 4: seat 1 moved, but seat 2 was to move']);
    expect(r.scores[1]).toBe(0);
    expect(r.over).toBeNull();
    const json = kosmosReplayJson(r);
    expect(json.turns[0]!.cell).toEqual([Math.floor(free(1) / 9), free(1) % 9]);
    expect(json.turns[2]!.cell).toBeNull();
    expect(validator(KosmosReplayJson)(json)).toBe(true);
  });
});
