/** Numbridge for game servers: deal, referee, goals, player views, records, replay, self-play (`import { numbridge } from 'puzzlemill'`). */
export { BOT_NAMES, createBot, type Bot, type BotMove, type BotName, type BotOptions } from './bots.ts';
export { dealBoardRequest, dealNumbridge, dealRoom, type DealOptions } from './deal.ts';
export { dealProblems, readNumbridgeDeal, readNumbridgeRecord } from './files.ts';
export { blockOwners, boardResult, cellsToJoin, domainsResult, isJoined, type BlockOwnership } from './goals.ts';
export { entryOf, moveOf, recordFile } from './record.ts';
export {
  agreeDraw,
  applyMove,
  IllegalMoveError,
  legalMoves,
  mustSkip,
  resign,
  skipWhileStuck,
  whyIllegal,
  type Illegal,
  type IllegalCode,
  type Move,
  type MoveKind,
  type Outcome,
} from './referee.ts';
export { formatReplay, replayJson, replayNumbridge, resultText, type Contradiction, type ContradictionKind, type EntryReport, type NumbridgeReplay } from './replay.ts';
export { BLITZ_SIZE, HAND_SIZE, movesPerTurn, ROOM_DEFAULTS, VARIANTS, type Player, type RoomSettings, type Variant } from './room.ts';
export type { GameResult, NumbridgeDealFile, NumbridgeRecordFile, NumbridgeReplayJson, NumbridgeView, RecordEntry } from './schema.ts';
export { playGame, selfplayGame, type SelfplayOptions, type SelfplayRun } from './selfplay.ts';
export { freeGivens, invariantProblem, newGame, other, tilesInPlay, tilesOwed, type GameSetup, type GameState, type MistakeMark } from './state.ts';
export { candidateCells, playerView } from './view.ts';
