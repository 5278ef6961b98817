/**
 * Replaying a Numbridge record through the referee, from its deal: the verdict on every entry,
 * the error counters, the result, and every contradiction between the record and the rules.
 *
 * What the record shows happened is history: a move that could be made is made (and its rule
 * break reported), so a tampered result or draw is reported once instead of derailing the rest
 * (a tampered tile, cell or time changes the game from there: the first contradiction counts). A move
 * that cannot be made at all (a tile not in hand, a taken cell) is reported and its turn passes
 * with no effect. The referee's own random choices (shuffles, the second price tile) come from
 * the deal's seed, so the tiles a record says were paid or drawn are checked exactly.
 */
import type { SearchBudget } from '../../core/budget.ts';
import { cellName } from '../../sudoku/check.ts';
import type { Digit } from '../../sudoku/types.ts';
import { dealProblems } from './files.ts';
import { agreeDraw, applyMove, handText, mustSkip, resign, whyIllegal, type IllegalCode, type Move, type Outcome } from './referee.ts';
import { movesPerTurn, type Player } from './room.ts';
import { moveOf } from './record.ts';
import type { GameResult, NumbridgeDealFile, NumbridgeRecordFile, NumbridgeReplayJson, RecordEntry } from './schema.ts';
import { newGame, other, type GameSetup, type GameState } from './state.ts';

export type ContradictionKind =
  | 'deal' // the deal breaks a rule (solution, bag and hands)
  | 'after-end' // an entry after the game was over
  | 'out-of-turn' // the other player was to move
  | 'missing-skip' // the player to move had nothing to play; the record goes on without its skip
  | Exclude<IllegalCode, 'game-over'> // the referee refuses the move (see referee.ts)
  | 'wrong-result' // a tile recorded right that is wrong (or the reverse); a lapse recorded as time-up …
  | 'wrong-price' // a take paying another number of tiles than the room's price
  | 'wrong-tiles' // paid or swapped tiles other than the referee's
  | 'wrong-draw' // drawn tiles other than the bag's
  | 'wrong-clock' // the game time left differs from the referee's clock
  | 'early-timeout' // a lapse before the turn limit ran out
  | 'time-up' // the game time ran out during a recorded move: the game was lost on time
  | 'wrong-outcome'; // the record claims another result

export interface Contradiction {
  /** Index into the record's moves; null for the deal and the end. */
  entry: number | null;
  kind: ContradictionKind;
  detail: string;
}

export interface EntryReport {
  entry: number;
  ply: number | null;
  player: Player | null;
  kind: RecordEntry['kind'];
  ok: boolean;
  says: string;
}

export interface NumbridgeReplay {
  dealId: string;
  players: { '1': string; '2': string } | null;
  moves: EntryReport[];
  mistakes: readonly [number, number];
  timeouts: readonly [number, number];
  status: 'over' | 'unfinished' | 'adjourned';
  result: GameResult | null;
  contradictions: Contradiction[];
  final: GameState;
}

/** `budget` caps the search of the deal's uniqueness check (core/budget.ts). */
export function replayNumbridge(record: NumbridgeRecordFile, setup: GameSetup, dealFile: NumbridgeDealFile, budget: SearchBudget = {}): NumbridgeReplay {
  const contradictions: Contradiction[] = dealProblems(dealFile, setup, budget).map((detail) => ({ entry: null, kind: 'deal', detail }));
  const moves: EntryReport[] = [];
  const n = setup.size;
  let state = newGame(setup);

  record.public.moves.forEach((entry, index) => {
    const problems: Contradiction[] = [];
    const note = (kind: ContradictionKind, detail: string) => problems.push({ entry: index, kind, detail });
    const player = 'player' in entry ? entry.player : null;
    const report = (ply: number | null, says: string) => {
      moves.push({ entry: index, ply, player, kind: entry.kind, ok: problems.length === 0, says: problems.length === 0 ? says : `${says} — ${problems.map((p) => p.detail).join('; ')}` });
      contradictions.push(...problems);
    };
    if (state.result) {
      note('after-end', `the game was already over (${resultText(state.result)})`);
      return report(null, entry.kind);
    }
    if (entry.kind === 'adjourn') return report(null, 'the game is adjourned');
    if (entry.kind === 'draw') {
      state = agreeDraw(state);
      return report(null, 'both players agree to a draw');
    }
    if (entry.kind === 'resign') {
      state = resign(state, entry.player);
      return report(null, `player ${entry.player} resigns`);
    }
    // automatic skips the record left out
    while (!state.result && mustSkip(state) && entry.player !== state.toMove) {
      const skipped = state.toMove;
      state = applyMove(state, { kind: 'skip' }, 0).state;
      contradictions.push({ entry: index, kind: 'missing-skip', detail: `player ${skipped} had nothing to play and was skipped, which the record does not show` });
    }
    if (entry.player !== state.toMove) {
      note('out-of-turn', `player ${state.toMove} was to move`);
      return report(null, describe(entry, n));
    }
    const move = moveOf(entry, n)!;
    const used = entry.clock?.used ?? 0;
    const illegal = whyIllegal(state, move, used);
    // Over the turn limit is checked before the move itself: a late move can be illegal as well,
    // so ask again under a turn limit long enough for it.
    const late = illegal?.code === 'over-turn-limit';
    const stretched = late ? { ...state, room: { ...state.room, turnSeconds: Math.ceil(used / 1000) } } : state;
    const illegalMove = late ? whyIllegal(stretched, move, used) : illegal;
    if (late) note('over-turn-limit', illegal!.reason);
    if (illegalMove) {
      note(illegalMove.code as ContradictionKind, illegalMove.reason);
      state = passTurn(state, used);
      return report(state.ply, `${describe(entry, n)}: cannot be made`);
    }
    let applied: { state: GameState; outcome: Outcome };
    if (late) {
      // the move happened: make it under the stretched turn limit, then restore the room
      applied = applyMove(stretched, move, used);
      applied = { ...applied, state: { ...applied.state, room: state.room } };
    } else {
      applied = applyMove(state, move, used);
    }
    const before = state;
    state = applied.state;
    checkEntry(entry, applied.outcome, before, note);
    report(state.ply, says(applied.outcome, before, n));
  });

  const last = record.public.moves.at(-1);
  const claimed = record.public.result;
  if (claimed && !sameResult(claimed, state.result)) {
    contradictions.push({ entry: null, kind: 'wrong-outcome', detail: `the record says ${resultText(claimed)}; the referee says ${state.result ? resultText(state.result) : 'the game is not over'}` });
  }
  return {
    dealId: record.public.deal.id,
    players: record.public.players ?? null,
    moves,
    mistakes: state.mistakes,
    timeouts: state.timeouts,
    status: state.result ? 'over' : last?.kind === 'adjourn' ? 'adjourned' : 'unfinished',
    result: state.result,
    contradictions,
    final: state,
  };
}

/** Compare what the record says a move did with what the referee did. */
function checkEntry(entry: RecordEntry, outcome: Outcome, before: GameState, note: (kind: ContradictionKind, detail: string) => void): void {
  const n = before.size;
  const i = outcome.player - 1;
  if (outcome.timeUp) {
    if (entry.kind !== 'timeout' || entry.result !== 'time-up') note('time-up', `player ${outcome.player} had ${before.timeLeft[i]} ms of game time left and the move took ${outcome.used} ms: the game was lost on time`);
    return;
  }
  switch (entry.kind) {
    case 'place':
      if ((entry.result === 'right') !== outcome.right) {
        note('wrong-result', `the record says the ${entry.tile} on ${cellName(n, outcome.move.kind === 'place' ? outcome.move.cell : 0)} was ${entry.result}; it was ${outcome.right ? 'right' : 'wrong'}`);
      }
      break;
    case 'take': {
      const price = before.hands[i]!.length === 0 ? 0 : before.room.takePrice;
      if (entry.tiles.length !== price) note('wrong-price', `paid ${entry.tiles.length} tile${entry.tiles.length === 1 ? '' : 's'}; the price was ${price === 0 ? 'nothing (an empty hand takes for free)' : `${price} tile${price === 1 ? '' : 's'}`}`);
      else if (!sameTiles(entry.tiles, outcome.paid)) note('wrong-tiles', `the record says it paid ${entry.tiles.join(' ')}; the game took ${outcome.paid.join(' ')} (the second tile is the game's choice)`);
      break;
    }
    case 'swap':
      if (!sameMultiset(entry.tiles, outcome.returned)) note('wrong-tiles', `the record says it gave back ${entry.tiles.join(' ') || 'nothing'}; the hand was ${handText(outcome.returned)}`);
      break;
    case 'timeout': {
      if (entry.result === 'time-up') note('wrong-result', `recorded as time-up, but ${outcome.left} ms of game time were left: the move lapsed`);
      const limit = Math.min(before.room.turnSeconds * 1000, before.timeLeft[i]!);
      if (outcome.used < limit) note('early-timeout', `the move lapsed after ${outcome.used} ms, before the turn limit of ${before.room.turnSeconds} s`);
      break;
    }
    default:
      break;
  }
  if ('drawn' in entry && entry.drawn !== undefined && !sameTiles(entry.drawn, outcome.drawn)) {
    note('wrong-draw', `the record says ${entry.drawn.join(' ') || 'nothing'} was drawn; the bag gave ${outcome.drawn.join(' ') || 'nothing'}`);
  }
  if ('clock' in entry && entry.clock && entry.clock.left !== outcome.left) {
    note('wrong-clock', `the record says ${entry.clock.left} ms of game time were left; the clock says ${outcome.left} ms`);
  }
}

/** A move that cannot be made: its turn passes with no effect but the time it took. */
function passTurn(state: GameState, used: number): GameState {
  const i = state.toMove - 1;
  const timeLeft: [number, number] = [...state.timeLeft];
  timeLeft[i] = Math.max(1, timeLeft[i]! - used);
  const movesLeft = state.movesLeft - 1;
  return movesLeft > 0
    ? { ...state, ply: state.ply + 1, movesLeft, timeLeft }
    : { ...state, ply: state.ply + 1, movesLeft: movesPerTurn(state.variant), toMove: other(state.toMove), timeLeft };
}

const sameTiles = (a: readonly Digit[], b: readonly Digit[]) => a.length === b.length && a.every((d, k) => d === b[k]);
const sameMultiset = (a: readonly Digit[], b: readonly Digit[]) => sameTiles([...a].sort(), [...b].sort());
const sameResult = (a: GameResult, b: GameResult | null) => b !== null && a.winner === b.winner && a.reason === b.reason;

export function resultText(r: GameResult): string {
  if (r.winner === null) return r.reason === 'abandoned' ? 'abandoned: both players lapsed their turns' : 'a draw by agreement';
  const how = { connection: 'joins its sides', blocks: 'owns a majority of blocks', resignation: 'wins: the other player resigned', time: 'wins on time', agreement: '', abandoned: '' }[r.reason];
  return r.reason === 'resignation' || r.reason === 'time' ? `player ${r.winner} ${how}` : `player ${r.winner} wins (${how})`;
}

function describe(entry: RecordEntry, n: number): string {
  switch (entry.kind) {
    case 'place':
      return `${entry.tile} on ${cellName(n, entry.cell[0] * n + entry.cell[1])}`;
    case 'take':
      return `take the given on ${cellName(n, entry.cell[0] * n + entry.cell[1])}`;
    default:
      return entry.kind;
  }
}

/** One sentence for people. */
function says(o: Outcome, before: GameState, n: number): string {
  const m: Move = o.move;
  let text: string;
  if (o.timeUp) return `the game time ran out: player ${o.player} loses on time`;
  switch (m.kind) {
    case 'place':
      text = o.right ? `${m.tile} on ${cellName(n, m.cell)}: right, the cell is player ${o.player}'s` : `${m.tile} on ${cellName(n, m.cell)}: wrong, a mistake (the tile goes back to the bag)`;
      break;
    case 'take':
      text = `takes the given ${before.givens[m.cell]} on ${cellName(n, m.cell)} ${o.paid.length === 0 ? 'for free (an empty hand)' : `for ${o.paid.join(' and ')}`}${o.paid.length === 2 ? ' (no refill until the end of the next move)' : ''}`;
      break;
    case 'swap':
      text = `swaps ${o.returned.join(' ')}`;
      break;
    case 'skip':
      text = before.variant === 'domains' && before.movesLeft > 1 ? 'has nothing to play: the move pair is skipped' : 'has nothing to play: skipped';
      break;
    case 'timeout':
      text = `the turn limit ran out: the move lapses (counted as a mistake)${before.movesLeft > 1 ? ', and with it the rest of the move pair' : ''}`;
      break;
  }
  if (o.drawn.length > 0) text += `; draws ${o.drawn.join(' ')}`;
  if (o.result) text += `; ${resultText(o.result)}`;
  return text;
}

/** The `--json` shape (schemas/numbridge-replay.schema.json). */
export function replayJson(r: NumbridgeReplay, recordId: string): NumbridgeReplayJson {
  return {
    record: recordId,
    deal: r.dealId,
    moves: r.moves.map(({ entry, ply, player, kind, ok, says }) => ({ entry, ply, player, kind, ok, says })),
    mistakes: { '1': r.mistakes[0], '2': r.mistakes[1] },
    timeouts: { '1': r.timeouts[0], '2': r.timeouts[1] },
    status: r.status,
    result: r.result,
    contradictions: r.contradictions.map(({ entry, kind, detail }) => ({ entry, kind, detail })),
  };
}

/** The replay for people: one line per entry, then counters, result and contradictions. */
export function formatReplay(r: NumbridgeReplay): string {
  const s = r.final;
  const name = (p: Player) => (r.players ? `${r.players[p]} (${p})` : `player ${p}`);
  const lines = [`Numbridge ${s.variant}, ${s.size}×${s.size}, deal ${r.dealId}${r.players ? `: ${name(1)} against ${name(2)}` : ''}`];
  for (const m of r.moves) lines.push(`${String(m.entry + 1).padStart(4)}  ${m.player === null ? '  ' : `P${m.player}`}  ${m.ok ? '  ' : '✗ '}${m.says}`);
  lines.push('');
  lines.push(`mistakes: ${name(1)} ${r.mistakes[0]}, ${name(2)} ${r.mistakes[1]} (lapsed moves included: ${r.timeouts[0]} and ${r.timeouts[1]})`);
  lines.push(r.result ? `result: ${resultText(r.result)}` : r.status === 'adjourned' ? 'result: none yet, the game is adjourned' : 'result: none, the game is not over');
  if (r.contradictions.length === 0) lines.push('the record agrees with the rules');
  else {
    lines.push(`${r.contradictions.length} contradiction${r.contradictions.length === 1 ? '' : 's'} between the record and the rules:`);
    for (const c of r.contradictions) lines.push(`  ${c.entry === null ? 'deal/end' : `entry ${c.entry + 1}`} — ${c.kind}: ${c.detail}`);
  }
  return lines.join('\n');
}
