/** Kosmos SuDoku for game servers: deal, referee, solo players, replay (`import { kosmos } from 'puzzlemill'`). */
export { dealKosmos, goldProblem, setupBoard } from './deal.ts';
export { readKosmosDeal, readKosmosRecord } from './files.ts';
export { fullBoardScore, playSolo, SOLO_PLAYERS, type SoloPlayerName, type SoloResult } from './players.ts';
export {
  advance,
  canComplete,
  claimNoLegalCell,
  finalScores,
  legalCells,
  moveScore,
  newGame,
  playTile,
  TRACK_LENGTH,
  trackScore,
  winners,
  type KosmosState,
  type Track,
  type TurnResult,
} from './referee.ts';
export { kosmosReplayJson, replayKosmos, type KosmosReplay, type KosmosTurnReport } from './replay.ts';
export type { GoldTile, KosmosDealFile, KosmosRecordFile, KosmosReplayJson, Scoring } from './schema.ts';
