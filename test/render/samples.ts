/**
 * Sample files for the render tests, made in-process from fixed seeds (nothing is copied into
 * the repository): Numbridge boards, Murder cases, Kosmos and Domino deals, a Kosmos record
 * played greedily by two seats (one late-noticed error), a Domino record (the sheet's example).
 */
import { readFileSync } from 'node:fs';
import { dealDomino } from '../../src/games/domino/files.ts';
import { recordFromText, type GameRecord } from '../../src/games/domino/record.ts';
import { parseRecordText } from '../../src/games/domino/record-text.ts';
import { dealKosmos } from '../../src/games/kosmos/deal.ts';
import { legalCells, newGame, playTile } from '../../src/games/kosmos/referee.ts';
import { setupBoard } from '../../src/games/kosmos/deal.ts';
import type { KosmosDealFile, KosmosRecordFile } from '../../src/games/kosmos/schema.ts';
import { generateCase } from '../../src/murder/generate.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { dealNumbridge } from '../../src/games/numbridge/deal.ts';
import type { NumbridgeDealFile, NumbridgeRecordFile } from '../../src/games/numbridge/schema.ts';
import { playGame } from '../../src/games/numbridge/selfplay.ts';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { ROOT } from '../helpers/cli.ts';

const cache = new Map<string, unknown>();
function memo<T>(key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

export const boardRegular9 = (): NumbridgeBoardFile => memo('b9r', () => generateBoard({ size: 9, blocks: 'regular', givens: 30 }, 'render-test/9r'));
export const boardIrregular9 = (): NumbridgeBoardFile => memo('b9i', () => generateBoard({ size: 9, blocks: 'irregular', givens: 30 }, 'render-test/9i'));
export const boardBlitz6 = (): NumbridgeBoardFile => memo('b6r', () => generateBoard({ size: 6, blocks: 'regular', givens: 14 }, 'render-test/6r'));
export const boardIrregular6 = (): NumbridgeBoardFile => memo('b6i', () => generateBoard({ size: 6, blocks: 'irregular', givens: 14 }, 'render-test/6i'));
export const boardIrregular5 = (): NumbridgeBoardFile => memo('b5i', () => generateBoard({ size: 5, blocks: 'irregular', givens: 10 }, 'render-test/5i'));

export const murderCase = (size: number, level: 'easy' | 'medium' | 'hard' = size <= 5 ? 'easy' : size <= 7 ? 'medium' : 'hard'): MurderCaseFile =>
  memo(`m${size}${level}`, () => generateCase({ size, level, robust: false }, `render-test/m${size}`));

export const kosmosDeal = (): KosmosDealFile => memo('kd', () => dealKosmos(2, 'render-test'));
export const dominoDeal = () => memo('dd', () => dealDomino(3, 'render-test'));

/** A two-seat game from the deal: each seat plays its tile on the first legal cell; turn 7 is a late-noticed error. */
export const kosmosRecord = (turns = 30): KosmosRecordFile =>
  memo(`kr${turns}`, () => {
    const deal = kosmosDeal();
    let state = newGame(setupBoard(deal.public.gold), deal.secret!.pile, 2);
    const out: KosmosRecordFile['public']['turns'] = [];
    for (let t = 0; t < turns && !state.over; t++) {
      const seat = state.toMove;
      const tile = state.hands[seat]!;
      const legal = legalCells(state.board, tile);
      if (t === 6) {
        // a tile put where the Sudoku rule forbids it, noticed only later: it stays
        const free = [...state.board.keys()].find((c) => state.board[c] === 0 && !legal.includes(c))!;
        out.push({ player: seat, tile, cell: [Math.floor(free / 9), free % 9], lateNoticed: true });
        state = playTile(state, free, { noticedLate: true }).state;
        continue;
      }
      if (legal.length === 0) break;
      out.push({ player: seat, tile, cell: [Math.floor(legal[0]! / 9), legal[0]! % 9] });
      state = playTile(state, legal[0]!).state;
    }
    return { format: 'puzzlemill/kosmos-record', version: 1, id: 'kosmos-record-test', public: { players: 2, scoring: 'standard', gold: deal.public.gold, turns: out } };
  });

export const DOMINO_EXAMPLE = ROOT + 'test/fixtures/domino-example.txt';

export const dominoRecord = (): GameRecord => memo('dr', () => recordFromText(parseRecordText(readFileSync(DOMINO_EXAMPLE, 'utf8'), DOMINO_EXAMPLE)));

/** A 6×6 Bridge deal, and a game on it by a random and a careless logic bot: mistakes, laid tiles, a result. */
export const numbridgeDeal = (): NumbridgeDealFile => memo('nd', () => dealNumbridge({ variant: 'bridge', board: { size: 6 } }, 'render-test/numbridge'));
export const numbridgeRecord = (): NumbridgeRecordFile =>
  memo('nr', () => playGame(numbridgeDeal(), { bots: ['random', 'logic'], errorRate: 0.3 }, 'render-test/numbridge').record);
