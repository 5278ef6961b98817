/**
 * Numbridge game pictures: a deal's starting position, a record at any move (replayed through the
 * referee), and a table seat's state — what each draws, and what each must never draw.
 */
import { describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { dealNumbridge } from '../../src/games/numbridge/deal.ts';
import { readNumbridgeDeal, readNumbridgeRecord } from '../../src/games/numbridge/files.ts';
import { blockOwners } from '../../src/games/numbridge/goals.ts';
import { playGame } from '../../src/games/numbridge/selfplay.ts';
import { applyMove, legalMoves } from '../../src/games/numbridge/referee.ts';
import { replayNumbridge } from '../../src/games/numbridge/replay.ts';
import { newGame, type GameState } from '../../src/games/numbridge/state.ts';
import { playerView } from '../../src/games/numbridge/view.ts';
import { numbridgeRecordPicture, seatPicture } from '../../src/render/numbridge-game.ts';
import { pictureOf, SEAT_STATE } from '../../src/render/pictures.ts';
import { svgToPng } from '../../src/render/png.ts';
import type { SeatState } from '../../src/server/tables/schema.ts';
import { numbridgeDeal, numbridgeRecord } from './samples.ts';
import { countClass, textsOfClass, wellFormed } from './svg-helpers.ts';

const where = { source: 'test' };
const draw = (value: unknown, options: { solution?: boolean; lang?: 'de' | 'en'; turn?: number } = {}) =>
  pictureOf(value, where, { solution: options.solution ?? false, lang: options.lang ?? 'en', ...(options.turn !== undefined ? { turn: options.turn } : {}) });

/** The position after the record's first `turn` entries, from the referee itself. */
function positionAt(turn: number): GameState {
  const { file, setup, dealFile } = readNumbridgeRecord(numbridgeRecord(), where);
  const { result: _r, ...rest } = file.public;
  return replayNumbridge({ ...file, public: { ...rest, moves: file.public.moves.slice(0, turn) } }, setup, dealFile).final;
}
const owned = (s: GameState, p: number) => Array.from(s.owner).filter((o) => o === p).length;
const sorted = (a: readonly (number | string)[]) => [...a].map(String).sort();

describe('a Numbridge deal', () => {
  const deal = numbridgeDeal();
  const n = deal.public.size;
  const givens = deal.public.givens.flat().filter((d) => d > 0);

  test('the board with its givens, the hands face down, the bag as a count; no solution, no hand digit', () => {
    const { picture, format, solution } = draw(deal);
    const svg = picture.svg;
    expect(format).toBe('puzzlemill/numbridge-deal');
    expect(solution).toBe(false);
    expect(wellFormed(svg)).toBe(true);
    expect(countClass(svg, 'cell')).toBe(n * n);
    expect(sorted(textsOfClass(svg, 'given'))).toEqual(sorted(givens));
    // nothing in the cells that are not given: no solution digits, no tiles, no marks
    expect(countClass(svg, 'solution')).toBe(0);
    expect(countClass(svg, 'placed')).toBe(0);
    expect(countClass(svg, 'mistake')).toBe(0);
    expect(countClass(svg, 'owned-1') + countClass(svg, 'owned-2')).toBe(0);
    expect(countClass(svg, 'hand-hidden')).toBe(6);
    expect(countClass(svg, 'hand-digit')).toBe(0);
    expect(textsOfClass(svg, 'bag')).toEqual([`bag: ${deal.public.bagSize} tiles`]);
    // drawn from the player form: the full file gives the same bytes as `deal --public`
    const { secret: _secret, ...playerForm } = deal;
    expect(draw(playerForm).picture.svg).toBe(svg);
  });

  test('with --solution (the operator): both hands and the solution of the empty cells', () => {
    const { setup } = readNumbridgeDeal(deal, where);
    const { picture, solution } = draw(deal, { solution: true });
    expect(solution).toBe(true);
    expect(textsOfClass(picture.svg, 'hand-digit')).toEqual([...setup.hands[0], ...setup.hands[1]].map(String));
    expect(textsOfClass(picture.svg, 'solution')).toHaveLength(n * n - givens.length);
  });
});

describe('a Numbridge record at a move', () => {
  const record = numbridgeRecord();
  const total = record.public.moves.length;
  const wrongAt = record.public.moves.findIndex((m) => m.kind === 'place' && m.result === 'wrong') + 1;

  test('the sample has mistakes, laid tiles of both players and a result (else these tests prove little)', () => {
    expect(wrongAt).toBeGreaterThan(0);
    const end = positionAt(total);
    expect(owned(end, 1)).toBeGreaterThan(0);
    expect(owned(end, 2)).toBeGreaterThan(0);
    expect(record.public.result).toBeDefined();
    expect(total).toBeGreaterThan(wrongAt + 2);
  });

  test('move 0 is the deal: no owner, no tile, no mark, both starting hands', () => {
    const { setup } = readNumbridgeDeal({ ...record.public.deal }, where);
    const svg = draw(record, { turn: 0 }).picture.svg;
    expect(countClass(svg, 'owned-1') + countClass(svg, 'owned-2') + countClass(svg, 'placed') + countClass(svg, 'mistake')).toBe(0);
    expect(countClass(svg, 'last-move')).toBe(0);
    expect(textsOfClass(svg, 'hand-digit')).toEqual([...setup.hands[0], ...setup.hands[1]].map(String));
    expect(svg).toContain(`after move 0/${total}`);
  });

  test.each([
    ['the first mistake', () => wrongAt],
    ['the middle', () => Math.floor(total / 2)],
    ['the end', () => total],
  ])('%s: owners in colour, tiles, red marks, the last move, hands and bag as the referee has them', (_name, turnOf) => {
    const turn = turnOf();
    const s = positionAt(turn);
    const svg = draw(record, { turn }).picture.svg;
    expect(wellFormed(svg)).toBe(true);
    expect(countClass(svg, 'cell')).toBe(36);
    expect(countClass(svg, 'owned-1')).toBe(owned(s, 1));
    expect(countClass(svg, 'owned-2')).toBe(owned(s, 2));
    // the owners' tints (the orange and blue of palette.ts)
    if (owned(s, 1) > 0) expect(svg).toMatch(/class="cell owned-1" fill="#fcd9c3"/);
    if (owned(s, 2) > 0) expect(svg).toMatch(/class="cell owned-2" fill="#cfe2f6"/);
    expect(countClass(svg, 'placed')).toBe(Array.from(s.digits).filter((d, c) => d > 0 && s.givens[c] === 0).length);
    expect(countClass(svg, 'mistake')).toBe(new Set(s.marks.map((m) => m.cell)).size);
    expect(textsOfClass(svg, 'mistake-digit').join(' ').split(' ').sort()).toEqual(s.marks.map((m) => String(m.digit)).sort());
    // red only for the move just made ("erscheint kurz"), grey before: a ring and the digits each
    const fresh = new Set(s.marks.filter((m) => m.ply === s.ply).map((m) => m.cell));
    expect(countClass(svg, 'earlier')).toBe(2 * (new Set(s.marks.map((m) => m.cell)).size - fresh.size));
    if (turn === wrongAt) expect(fresh.size).toBe(1);
    const last = record.public.moves[turn - 1]!;
    expect(countClass(svg, 'last-move')).toBe('cell' in last ? 1 : 0);
    expect(textsOfClass(svg, 'hand-digit')).toEqual([...s.hands[0], ...s.hands[1]].map(String));
    expect(textsOfClass(svg, 'bag')[0]).toBe(`bag: ${s.bag.length} tiles`);
    expect(countClass(svg, 'result')).toBe(turn === total ? 1 : 0);
    expect(countClass(svg, 'contradictions')).toBe(0);
  });

  test('the default is the end; German words', () => {
    expect(draw(record).picture.svg).toBe(draw(record, { turn: total }).picture.svg);
    const de = draw(record, { lang: 'de' }).picture.svg;
    expect(de).toContain(`nach Zug ${total}/${total}`);
    expect(de).toContain('Fehler dieses Zugs: rote Markierung mit der Ziffer, die nicht passte');
    expect(de).toContain('Beutel:');
  });

  test('--turn past the end: one line naming the option and the range', () => {
    for (const turn of [total + 1, 1000]) {
      let error: unknown;
      try {
        draw(record, { turn });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as Error).message).toBe(`test: --turn ${turn} is out of range: this record has ${total} moves (--turn 0..${total})`);
    }
    expect(() => numbridgeRecordPicture(record, { solution: false, lang: 'en', turn: -1 })).toThrow(/--turn -1 is out of range/);
  });

  test('Domains: the blocks each player owns, as the referee counts them', () => {
    const deal = dealNumbridge({ variant: 'domains', board: { size: 6 } }, 'render-test/domains');
    const { record, final } = playGame(deal, { bots: ['logic', 'random'] }, 'render-test/domains');
    const owners = Array.from(blockOwners(6, final.regions, final.owner, final.ownedAt).owner);
    const count = (p: number) => owners.filter((o) => o === p).length;
    expect(count(1) + count(2)).toBeGreaterThan(0);
    const svg = draw(record).picture.svg;
    expect(textsOfClass(svg, 'bag')[0]).toBe(`bag: ${final.bag.length} tiles · blocks: ${count(1)} : ${count(2)}`);
    expect(svg).toContain('Numbridge 6×6 · Domains');
  });

  test('the same record gives the same bytes, also after a trip through JSON', () => {
    const a = draw(record, { turn: 7 }).picture.svg;
    expect(draw(JSON.parse(JSON.stringify(record)), { turn: 7 }).picture.svg).toBe(a);
  });
});

describe("a table seat's state", () => {
  /** A game a few moves in, as GET /tables/:id would answer it for each seat. */
  function seatStates(): [SeatState, SeatState, GameState] {
    let state = newGame(readNumbridgeDeal(numbridgeDeal(), where).setup);
    const moves: SeatState['moves'] = [];
    for (let k = 0; k < 4; k++) {
      const move = legalMoves(state).find((m) => m.kind === 'place')!;
      const player = state.toMove;
      const r = applyMove(state, move, 1000);
      state = r.state;
      if (move.kind === 'place') moves.push({ moveNumber: k + 1, player, kind: 'place', cell: [Math.floor(move.cell / 6), move.cell % 6], tile: move.tile, result: r.outcome.right ? 'right' : 'wrong' });
    }
    const seat = (p: 1 | 2): SeatState => ({
      id: 'tbl-test',
      seat: p,
      view: playerView(state, p),
      moves,
      moveCount: moves.length,
      clock: { now: 1_700_000_010_000, turnStartedAt: 1_700_000_004_000, turnLeft: 54_000, gameLeft: { '1': state.timeLeft[0], '2': state.timeLeft[1] } },
    });
    return [seat(1), seat(2), state];
  }

  test('recognised by its shape; only its own hand in digits, the other as a count', () => {
    const [one, two, state] = seatStates();
    const a = draw(JSON.parse(JSON.stringify(one)));
    expect(a.format).toBe(SEAT_STATE);
    expect(a.id).toBe('tbl-test.seat-1');
    const svg = a.picture.svg;
    expect(wellFormed(svg)).toBe(true);
    expect(countClass(svg, 'cell')).toBe(36);
    expect(countClass(svg, 'owned-1')).toBe(owned(state, 1));
    expect(countClass(svg, 'owned-2')).toBe(owned(state, 2));
    expect(textsOfClass(svg, 'hand-digit')).toEqual(state.hands[0].map(String));
    expect(countClass(svg, 'hand-hidden')).toBe(state.hands[1].length);
    expect(countClass(svg, 'hand-tile hand-2')).toBe(0);
    expect(countClass(svg, 'solution')).toBe(0);
    expect(countClass(svg, 'last-move')).toBe(1);
    expect(svg).toContain('Player 1 (you)');
    expect(svg).toContain('turn time left 0:54');

    const other = seatPicture(two, { lang: 'en' }).svg;
    expect(other).not.toBe(svg);
    expect(textsOfClass(other, 'hand-digit')).toEqual(state.hands[1].map(String));
    expect(countClass(other, 'hand-hidden')).toBe(state.hands[0].length);
  });

  test('the picture depends on the view only: another opponent hand and bag give the same bytes', () => {
    const [one, , state] = seatStates();
    const swapped: GameState = { ...state, hands: [state.hands[0], [...state.hands[1]].reverse()], bag: [...state.bag].reverse() };
    const again = { ...one, view: playerView(swapped, 1) };
    expect(seatPicture(again, { lang: 'en' }).svg).toBe(seatPicture(one, { lang: 'en' }).svg);
  });

  test('a shape with a bad field is refused at its place', () => {
    const [one] = seatStates();
    expect(() => draw({ ...one, seat: 3 })).toThrow(/test:? ?\/seat/);
  });
});

describe('refusals and PNG', () => {
  test('an unknown format: one line naming every drawable format and the seat state', () => {
    expect(() => draw({ format: 'puzzlemill/zap', id: 'x' })).toThrow(
      /^test \/format: cannot draw "puzzlemill\/zap" \(drawable: .*puzzlemill\/numbridge-deal, puzzlemill\/numbridge-record, or a table seat's state \(GET \/tables\/:id\)\)$/,
    );
  });

  test('every Numbridge game picture goes through resvg', () => {
    for (const svg of [draw(numbridgeDeal()).picture.svg, draw(numbridgeRecord(), { turn: 5 }).picture.svg]) {
      const png = svgToPng(svg, { scale: 1 });
      expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });
});
