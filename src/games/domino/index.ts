/** Domino-SUDOKU for game servers: deal, referee, notation, replay, completion proof (`import { domino } from 'puzzlemill'`). */
export { completeDominoes, doOrder, type CompletionAnswer, type CompletionQuestion } from './completion.ts';
export { areAdjacent, cellOf, DOMINO_COUNT, dominoDigits, dominoId, dominoLabel, fieldPlaceOf, pips, sharesNumber, type DominoId } from './dominoes.ts';
export { dealDomino, readDominoDeal, readDominoPosition, readDominoRecord } from './files.ts';
export { formatEntry, formatTotals, parseEntry, type Entry, type Totals } from './notation.ts';
export { recordFromText, type GameRecord } from './record.ts';
export { formatRecordText, parseRecordText, type RecordText } from './record-text.ts';
export {
  handOf,
  isOver,
  judgePlacement,
  legalMoves,
  newGame,
  passTurn,
  playableMove,
  playPlacement,
  scores,
  winners,
  type DominoState,
  type Judgement,
  type MoveResult,
  type Placement,
  type PlayerScore,
  type Violation,
} from './referee.ts';
export { formatReplay, replay, replayJson, type Contradiction, type ContradictionKind, type ReplayJson, type ReplayReport } from './replay.ts';
export type { DominoDealFile, DominoPositionFile, DominoRecordFile } from './schema.ts';
