/**
 * Replaying a Kosmos SuDoku record through the referee: the verdict on every turn, the track
 * scores, the winner, and the record's problems (turns after the end, a seat moving out of turn,
 * more than nine tiles of a digit). A record names the tile of every turn, so the replay does not
 * need the pile: each turn puts the recorded tile into the mover's hand.
 */
import type { Cell, Digit } from '../../sudoku/types.ts';
import { cellLabel, SIZE } from '../sudoku-board.ts';
import { goldProblem, setupBoard } from './deal.ts';
import { canComplete, claimNoLegalCell, finalScores, newGame, playTile, winners, type KosmosState } from './referee.ts';
import type { KosmosRecordFile, KosmosReplayJson } from './schema.ts';

export interface KosmosTurnReport {
  turn: number;
  player: number;
  tile: Digit;
  cell: Cell | null;
  verdict: 'placed' | 'late-error' | 'aside' | 'refused' | 'true-claim' | 'false-claim' | 'out-of-turn' | 'after-end';
  points: number;
  says: string;
}

export interface KosmosReplay {
  turns: KosmosTurnReport[];
  scores: number[];
  winners: number[];
  problems: string[];
  /** Whether the final board still extends to a full Sudoku (reported, not a rule). */
  completable: boolean;
  over: KosmosState['over'];
}

export function replayKosmos(record: KosmosRecordFile): KosmosReplay {
  const pub = record.public;
  const problems: string[] = [];
  const gold = goldProblem(pub.gold);
  if (gold) problems.push(`setup: ${gold.reason}`);
  const tiles = pub.turns.map((t) => t.tile);
  // the pile only has to keep every seat holding a tile: each turn overwrites the mover's tile
  const filler = [...tiles, ...new Array<number>(pub.players).fill(1)];
  let state = newGame(setupBoard(pub.gold), filler, pub.players, pub.scoring);
  const used = new Array<number>(10).fill(0);
  for (const g of pub.gold) used[g.digit]!++;
  const turns: KosmosTurnReport[] = [];
  pub.turns.forEach((t, i) => {
    const turn = i + 1;
    const cell = 'cell' in t ? t.cell[0] * SIZE + t.cell[1] : null;
    const report = (verdict: KosmosTurnReport['verdict'], points: number, says: string) => turns.push({ turn, player: t.player, tile: t.tile, cell, verdict, points, says });
    if (++used[t.tile]! === 10) problems.push(`turn ${turn}: a tenth ${t.tile} (there are nine of each digit)`);
    if (state.over) {
      report('after-end', 0, 'the game was already over');
      problems.push(`turn ${turn}: a turn after the end of the game`);
      return;
    }
    if (t.player !== state.toMove) {
      report('out-of-turn', 0, `seat ${state.toMove + 1} was to move`);
      problems.push(`turn ${turn}: seat ${t.player + 1} moved, but seat ${state.toMove + 1} was to move`);
      return;
    }
    const hands = [...state.hands];
    hands[state.toMove] = t.tile;
    state = { ...state, hands };
    if (cell === null) {
      const claim = claimNoLegalCell(state);
      state = claim.state;
      if (claim.valid) report('true-claim', 0, `right: the ${t.tile} fits nowhere; the game ends`);
      else report('false-claim', 0, `wrong: the ${t.tile} fits on ${cellLabel(claim.legalCell!)}; the tile is put aside without points`);
      return;
    }
    const played = playTile(state, cell, { noticedLate: 'lateNoticed' in t && t.lateNoticed === true });
    state = played.state;
    const r = played.result;
    const clash = r.clashes.map((c) => `repeats the ${t.tile} on ${cellLabel(c.cell)} in ${c.house}`).join(', ');
    switch (r.kind) {
      case 'placed':
        report('placed', r.points, `legal, ${r.points} points`);
        break;
      case 'late-error':
        report('late-error', r.points, `breaks the Sudoku rule (${clash}), noticed late: stays, ${r.points} points`);
        break;
      case 'aside':
        report('aside', 0, `breaks the Sudoku rule (${clash}): put aside, no points`);
        break;
      case 'refused':
        report('refused', 0, `${cellLabel(cell)} is taken`);
        problems.push(`turn ${turn}: a tile on the taken cell ${cellLabel(cell)}`);
        break;
    }
  });
  if (!state.over && pub.turns.length >= 72 && turns.every((t) => t.verdict !== 'out-of-turn' && t.verdict !== 'refused')) {
    state = { ...state, over: { reason: 'all-placed', by: null } };
  }
  return {
    turns,
    scores: finalScores(state),
    winners: winners(state),
    problems,
    completable: canComplete(state.board).completable,
    over: state.over,
  };
}

/** The `--json` form: cells as [row, column] (0-based, as in the record), seats 0-based. */
export function kosmosReplayJson(report: KosmosReplay): KosmosReplayJson {
  return { ...report, turns: report.turns.map((t) => ({ ...t, cell: t.cell === null ? null : [Math.floor(t.cell / SIZE), t.cell % SIZE] })) };
}
