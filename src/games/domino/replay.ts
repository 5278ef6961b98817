/**
 * Replaying a game record through the referee: what the referee says about every move, the final
 * scores and winner, and every point where the record contradicts the rules.
 *
 * The record is history, so every move it shows as made stays on the board, even one that breaks
 * a rule (the players evidently did not take it back); a move that cannot be made at all (a taken
 * cell, cells that do not touch, a domino its player does not hold) is skipped. Points follow the
 * referee, never the record's own sums.
 */
import { cellLabel, houseMasks, houseName, type HouseName } from '../sudoku-board.ts';
import { DOMINO_COUNT, dominoId, dominoLabel, fieldPlaceOf, sharesNumber as shares, type DominoId } from './dominoes.ts';
import { formatEntry, formatTotals, positionText, type At } from './notation.ts';
import type { GameRecord, TurnEntry } from './record.ts';
import {
  hasPlacement,
  isOver,
  judgePlacement,
  NOT_IN_GAME,
  passTurn,
  placementsOf,
  playPlacement,
  scores as scoresOf,
  skipTurn,
  startState,
  winners as winnersOf,
  type DominoState,
  type Judgement,
  type Placement,
  type PlayerScore,
  type Violation,
} from './referee.ts';

export type ContradictionKind =
  | 'unannotated-violation' // a move breaks a rule and the record does not mark it
  | 'annotated-violation' // a move breaks a rule, marked **) (a late-noticed error: it stays)
  | 'annotated-but-legal' // marked **) but breaks no rule
  | 'impossible-move' // cannot be made at all (taken cell, cells apart, domino not held)
  | 'move-after-end' // a placement after the game was over (passes then are right: nothing fits)
  | 'out-of-turn' // a JSON record names another player than the one to move (play goes on from the named one)
  | 'missing-turn' // the game went on but the record has nothing for this seat
  | 'pass-but-placeable' // [ 0 ] while a domino could be placed
  | 'unplaceable-but-placeable' // ( 0 ) for a domino that could be placed when the game ended
  | 'game-not-over' // the record ends while a player could still place a domino
  | 'written-off-but-placed' // ( 0 ) for a domino the player placed
  | 'domino-twice' // a domino appears twice in the record
  | 'domino-missing' // a domino appears nowhere in the record
  | 'unlisted-leftover' // a domino left in hand that the record does not list
  | 'unclaimed-completion' // a move completes a house the record does not mark
  | 'false-completion' // the record marks a completion that did not happen
  | 'wrong-sum' // a closing sum's terms do not add up to its total
  | 'wrong-total' // a player's total differs from the referee's
  | 'wrong-winner'; // the record names another winner

export interface ReplayMove {
  player: string;
  /** 1-based turn; null for a `( 0 )` entry (a domino listed as left in hand at the end). */
  turn: number | null;
  notation: string;
  legal: boolean;
  violations: string[];
  completes: HouseName[];
  points: number;
  /** One sentence for people. */
  says: string;
  at?: At;
}

export interface Contradiction {
  player: string;
  notation: string;
  kind: ContradictionKind;
  detail: string;
  at?: At;
}

export interface ReplayReport {
  players: string[];
  moves: ReplayMove[];
  scores: PlayerScore[];
  winners: string[];
  contradictions: Contradiction[];
  /** The position at the end (for `complete domino`). */
  final: DominoState;
}

/** Replay a record through the referee. */
export function replay(record: GameRecord): ReplayReport {
  const names = record.players;
  const dealt: Contradiction[] = [];
  const start = startState(names.length, dealtHands(record, noter(names, dealt)));
  const turns = replayTurns(record, start);
  const state = turns.state;
  const leftovers = judgeLeftovers(record, state);
  const scores = scoresOf(state);
  const winners = winnersOf(scores).map((p) => names[p]!);
  const moves = turns.moves;
  for (const move of leftovers.moves) moves.push(move); // no spread: records may be long
  const contradictions = [dealt, turns.contradictions, leftovers.contradictions, endContradictions(record, state, leftovers.contradictions), claimContradictions(record, scores, winners)].flat();
  return { players: names, moves, scores, winners, contradictions, final: state };
}

type Note = (player: number | string, notation: string, kind: ContradictionKind, detail: string, at?: At) => void;

/** A `Note` that adds to `list`, naming a seat by its player's name. */
function noter(names: readonly string[], list: Contradiction[]): Note {
  return (player, notation, kind, detail, at) =>
    list.push({ player: typeof player === 'string' ? player : names[player] ?? '?', notation, kind, detail, ...(at ? { at } : {}) });
}

/** Every turn of the record through the referee: one move each, and the position after the last. */
function replayTurns(record: GameRecord, start: DominoState): { moves: ReplayMove[]; contradictions: Contradiction[]; state: DominoState } {
  const names = record.players;
  const moves: ReplayMove[] = [];
  const contradictions: Contradiction[] = [];
  const note = noter(names, contradictions);
  let state = start;
  let overNoted = false;
  const outOfTurn = new Set<number>(); // indices in `moves`
  for (const turn of record.turns) {
    const name = names[turn.player]!;
    const number = state.turns + 1;
    if (turn.entry === null) {
      note(turn.player, '', 'missing-turn', `turn ${number}: the record has no move for ${name} although the game went on`);
      moves.push({ player: name, turn: number, notation: '', legal: false, violations: ['missing-turn'], completes: [], points: 0, says: 'no move recorded' });
      state = skipTurn(state);
      continue;
    }
    const notation = formatEntry(turn.entry);
    if (turn.player !== state.toMove) {
      // only a JSON record can say this (text columns are interleaved in seat order); the named player did move
      note(turn.player, notation, 'out-of-turn', `turn ${number}: ${name} moved, but ${names[state.toMove]} was to move`, turn.at);
      state = { ...state, toMove: turn.player };
      outOfTurn.add(moves.length);
    }
    const over = isOver(state);
    // the closing round of passes that ends a game is no contradiction; a placement after the end is
    if (!overNoted && over && turn.entry.kind === 'place') {
      overNoted = true;
      note(turn.player, notation, 'move-after-end', `turn ${number}: the game was already over (no player could place a domino)`, turn.at);
    }
    const seen = { player: turn.player, name, number, notation, ...(turn.at ? { at: turn.at } : {}) };
    const made = turn.entry.kind === 'pass' ? replayPass(state, seen, over, note) : replayPlacement(state, seen, turn.entry, note);
    state = made.state;
    moves.push(made.move);
  }
  for (const i of outOfTurn) {
    const m = moves[i]!;
    moves[i] = { ...m, legal: false, violations: ['out-of-turn', ...m.violations], says: `out of turn; ${m.says}` };
  }
  return { moves, contradictions, state };
}

/** A recorded turn as the replay sees it: the seat, its player's name, the 1-based turn, the notation. */
interface SeenTurn {
  player: number;
  name: string;
  number: number;
  notation: string;
  at?: At;
}

type PlaceEntry = Extract<TurnEntry, { kind: 'place' }>;

/** A pass: right when no domino fits (`over`: the game has ended, and it says so). */
function replayPass(state: DominoState, turn: SeenTurn, over: boolean, note: Note): { state: DominoState; move: ReplayMove } {
  const passed = passTurn(state);
  const says = passed.legal ? (over ? 'passes: no domino fits (the game is over)' : 'passes: no domino fits') : `passes, but could place ${placementText(passed.witness!)}`;
  if (!passed.legal) note(turn.player, turn.notation, 'pass-but-placeable', `turn ${turn.number}: ${turn.name} passed but could place ${placementText(passed.witness!)}`, turn.at);
  const move: ReplayMove = { player: turn.name, turn: turn.number, notation: turn.notation, legal: passed.legal, violations: passed.legal ? [] : ['false-pass'], completes: [], points: 0, says, ...(turn.at ? { at: turn.at } : {}) };
  return { state: passed.state, move };
}

/**
 * A placement: skipped when it cannot be made at all; otherwise made (a broken rule stays: the
 * players did not take it back), with its completions held against what the record marks.
 */
function replayPlacement(state: DominoState, turn: SeenTurn, entry: PlaceEntry, note: Note): { state: DominoState; move: ReplayMove } {
  const { player, name, number, notation, at } = turn;
  const placement: Placement = { first: entry.first, second: entry.second, cells: entry.cells };
  const judgement = judgePlacement(state, placement);
  const violations = judgement.violations;
  const explained = violations.map((v) => explain(v, state, placement, judgement));
  if (violations.some((v) => v === 'not-in-hand' || v === 'not-adjacent' || v === 'occupied')) {
    note(player, notation, 'impossible-move', `turn ${number}: ${explained.join('; ')}`, at);
    const move: ReplayMove = { player: name, turn: number, notation, legal: false, violations, completes: [], points: 0, says: `cannot be made: ${explained.join('; ')}`, ...(at ? { at } : {}) };
    return { state: skipTurn(state), move };
  }
  const played = playPlacement(state, placement, { noticedLate: true });
  const completes = played.result.completes.map(houseName);
  if (violations.length > 0) {
    const kind: ContradictionKind = entry.lateError ? 'annotated-violation' : 'unannotated-violation';
    const tail = entry.lateError ? ' (marked **): noticed late, it stays)' : ' (not marked as an error)';
    note(player, notation, kind, `turn ${number}: ${explained.join('; ')}${tail}`, at);
  } else if (entry.lateError) {
    note(player, notation, 'annotated-but-legal', `turn ${number}: marked **) as an error, but the move breaks no rule`, at);
  }
  checkCompletionClaims(entry.completions, entry.plusMark, completes, (kind, detail) => note(player, notation, kind, `turn ${number}: ${detail}`, at));
  let says = violations.length === 0 ? 'legal' : `breaks ${violations.map((v) => (v === 'sudoku' ? 'the Sudoku rule' : 'the DO rule')).join(' and ')}: ${explained.join('; ')}; it stays`;
  if (completes.length > 0) says += `; completes ${completes.join(' ')} (+${played.result.points})`;
  const move: ReplayMove = { player: name, turn: number, notation, legal: violations.length === 0, violations, completes, points: played.result.points, says, ...(at ? { at } : {}) };
  return { state: played.state, move };
}

/** The `( 0 )` entries at the end: each written-off domino must be its player's and really unplaceable. */
function judgeLeftovers(record: GameRecord, state: DominoState): { moves: ReplayMove[]; contradictions: Contradiction[] } {
  const names = record.players;
  const moves: ReplayMove[] = [];
  const contradictions: Contradiction[] = [];
  const note = noter(names, contradictions);
  const masks = houseMasks(state.board);
  for (const left of record.leftovers) {
    const id = dominoId(left.entry.first, left.entry.second);
    const notation = formatEntry(left.entry);
    const name = names[left.player]!;
    let legal = true;
    let says: string;
    const violations: string[] = [];
    if (state.holder[id] !== left.player) {
      legal = false;
      violations.push('not-in-hand');
      says = state.holder[id] === -1 ? `${dominoLabel(id)} is on the board, not in ${name}'s hand` : `${dominoLabel(id)} is not ${name}'s`;
      note(left.player, notation, 'written-off-but-placed', says, left.at);
    } else {
      const places = placementsOf(state.board, id, masks);
      const doOk = state.last < 0 || shares(id, state.last);
      if (places.length > 0 && doOk) {
        legal = false;
        violations.push('placeable');
        says = `could still be placed: ${placementText(places[0]!)}`;
        // before the first placement there is no last domino (and no DO rule to keep)
        const why = state.last < 0 ? `no domino is on the board yet, and ${dominoLabel(id)} fits` : `${dominoLabel(id)} shares a number with the last domino ${dominoLabel(state.last)} and fits`;
        note(left.player, notation, 'unplaceable-but-placeable', `${why} ${placementText(places[0]!)}`, left.at);
      } else if (places.length > 0) {
        says = `right: it fits the board (e.g. ${placementText(places[0]!)}) but shares no number with the last domino ${dominoLabel(state.last)}`;
      } else {
        says = 'right: no legal place on the board';
      }
    }
    moves.push({ player: name, turn: null, notation, legal, violations, completes: [], points: 0, says, ...(left.at ? { at: left.at } : {}) });
  }
  return { moves, contradictions };
}

/**
 * The end: every domino still held must be listed as left over, and the game must be over (not
 * said again when a leftover already shows a domino that could still be placed).
 */
function endContradictions(record: GameRecord, state: DominoState, leftoverContradictions: readonly Contradiction[]): Contradiction[] {
  const names = record.players;
  const contradictions: Contradiction[] = [];
  const note = noter(names, contradictions);
  const masks = houseMasks(state.board);
  const listed = new Set<DominoId>(record.leftovers.map((left) => dominoId(left.entry.first, left.entry.second)));
  for (let id = 0; id < DOMINO_COUNT; id++) {
    const holder = state.holder[id]!;
    if (holder >= 0 && !listed.has(id)) {
      const canPlay = (state.last < 0 || shares(id, state.last)) && hasPlacement(state.board, id, masks);
      note(holder, dominoLabel(id), 'unlisted-leftover', `${names[holder]} still holds ${dominoLabel(id)} at the end${canPlay ? ', and it could be placed' : ''}`);
    }
  }
  const shownPlaceable = [...contradictions, ...leftoverContradictions].some((c) => c.kind === 'unlisted-leftover' || c.kind === 'unplaceable-but-placeable');
  if (!isOver(state) && !shownPlaceable) note(state.toMove, '', 'game-not-over', 'the record ends but a domino could still be placed');
  return contradictions;
}

/** The record's closing sums and winner against the referee's scores. */
function claimContradictions(record: GameRecord, scores: readonly PlayerScore[], winners: readonly string[]): Contradiction[] {
  const names = record.players;
  const contradictions: Contradiction[] = [];
  const note = noter(names, contradictions);
  record.totals.forEach((t, p) => {
    if (!t) return;
    const sum = t.terms.reduce((a, b) => a + b, 0);
    const written = formatTotals(t);
    if (t.total !== null && t.terms.length > 0 && sum !== t.total) note(p, written, 'wrong-sum', `the terms add up to ${sum}, not ${t.total}`, t.at);
    const claimed = t.total ?? sum;
    const s = scores[p]!;
    if (claimed !== s.total) note(p, written, 'wrong-total', `the referee's total is ${s.total} (${s.plus} plus, ${s.minus} minus), the record says ${claimed}`, t.at);
  });
  for (const claim of record.winnerClaims) {
    if (!winners.includes(claim.name)) {
      note(claim.name, claim.text, 'wrong-winner', `the record says ${claim.name} won; the referee's winner is ${winners.join(' and ')} (${names.map((n, i) => `${n} ${scores[i]!.total}`).join(', ')})`, claim.at);
    }
  }
  return contradictions;
}

/** The dealt hands: stated by the record, or read off the columns (each domino once, all 36). */
function dealtHands(record: GameRecord, note: Note): Int8Array {
  const holder = new Int8Array(DOMINO_COUNT).fill(NOT_IN_GAME);
  if (record.hands) {
    record.hands.forEach((hand, p) => hand.forEach((id) => (holder[id] = p)));
    return holder;
  }
  const seen = (id: DominoId, p: number, notation: string, at?: At) => {
    if (holder[id] === NOT_IN_GAME) holder[id] = p;
    else note(p, notation, 'domino-twice', `${dominoLabel(id)} appears again (first in ${record.players[holder[id]!]}'s column)`, at);
  };
  for (const t of record.turns) if (t.entry?.kind === 'place') seen(dominoId(t.entry.first, t.entry.second), t.player, formatEntry(t.entry), t.at);
  for (const l of record.leftovers) {
    const id = dominoId(l.entry.first, l.entry.second);
    if (holder[id] === l.player) continue; // written off after being placed: reported at the end
    seen(id, l.player, formatEntry(l.entry), l.at);
  }
  for (let id = 0; id < DOMINO_COUNT; id++) if (holder[id] === NOT_IN_GAME) note(0, dominoLabel(id), 'domino-missing', `${dominoLabel(id)} appears in no column`);
  return holder;
}

function checkCompletionClaims(claimed: readonly HouseName[], plusMark: boolean, actual: readonly HouseName[], report: (kind: ContradictionKind, detail: string) => void): void {
  for (const h of actual) if (!claimed.includes(h)) report('unclaimed-completion', `the move completes ${h} (+10), the record does not mark it`);
  for (const h of claimed) if (!actual.includes(h)) report('false-completion', `marked as completing ${h}, which it does not`);
  if (plusMark && claimed.length === 0 && actual.length === 0) report('false-completion', 'marked *) (+10) but completes nothing');
}

/** "[4/9] (4,6/4,9)". */
function placementText(p: Placement): string {
  return `[${p.first}/${p.second}] ${positionText(p.cells)}`;
}

function where(cell: number): string {
  const [f, p] = fieldPlaceOf(cell);
  return `(${f},${p}) ${cellLabel(cell)}`;
}

/** One clause per violation, in the sheet's terms. */
function explain(v: Violation, state: DominoState, p: Placement, j: Judgement): string {
  const id = dominoId(p.first, p.second);
  switch (v) {
    case 'sudoku':
      return j.clashes.map((c) => `the ${c.digit} on ${where(c.at)} repeats the ${c.digit} on ${where(c.cell)} in ${c.house}`).join('; ');
    case 'do-rule':
      return `${dominoLabel(id)} shares no number with ${dominoLabel(state.last)}, the domino placed before`;
    case 'not-adjacent':
      return `${where(p.cells[0])} and ${where(p.cells[1])} are not neighbours`;
    case 'occupied': {
      const taken = p.cells.filter((c) => state.board[c] !== 0);
      return taken.map((c) => `${where(c)} is taken`).join('; ') || 'both numbers on one cell';
    }
    case 'not-in-hand':
      return state.holder[id] === -1 ? `${dominoLabel(id)} is already on the board` : `${dominoLabel(id)} is not in this player's hand`;
  }
}

/** The `--json` shape of a replay (issue 6), exactly: moves, scores, winner, contradictions. */
export interface ReplayJson {
  moves: Array<Pick<ReplayMove, 'player' | 'turn' | 'notation' | 'legal' | 'violations' | 'completes' | 'points'>>;
  scores: Record<string, number>;
  /** The winner's name; on a tie the tied names joined by " & " (the sheet names no tie-break). */
  winner: string;
  contradictions: Array<Pick<Contradiction, 'player' | 'notation' | 'kind' | 'detail'>>;
}

export function replayJson(report: ReplayReport): ReplayJson {
  return {
    moves: report.moves.map(({ player, turn, notation, legal, violations, completes, points }) => ({ player, turn, notation, legal, violations, completes, points })),
    scores: Object.fromEntries(report.players.map((name, i) => [name, report.scores[i]!.total])),
    winner: report.winners.join(' & '),
    contradictions: report.contradictions.map(({ player, notation, kind, detail }) => ({ player, notation, kind, detail })),
  };
}

/** The replay for people: one line per move, then scores, winner and contradictions. */
export function formatReplay(report: ReplayReport): string {
  const lines: string[] = [];
  const turns = report.moves.filter((m) => m.turn !== null).length;
  lines.push(`Domino-SUDOKU, ${report.players.length} players (${report.players.join(', ')}), ${turns} turns`);
  const width = report.moves.reduce((w, m) => Math.max(w, m.notation.length), 22) + 2; // no spread: records may be long
  lines.push(`turn  player  ${'move'.padEnd(width)}referee`);
  for (const m of report.moves) {
    lines.push(`${(m.turn === null ? 'end' : String(m.turn)).padStart(4)}  ${m.player.padEnd(6)}  ${m.notation.padEnd(width)}${m.says}`);
  }
  lines.push('');
  lines.push('scores: ' + report.players.map((name, i) => {
    const s = report.scores[i]!;
    return `${name} ${s.total} (+${s.plus} −${s.minus})`;
  }).join(', '));
  lines.push(`winner: ${report.winners.join(' and ')}${report.winners.length > 1 ? ' (tie)' : ''}`);
  if (report.contradictions.length === 0) {
    lines.push('the record agrees with the rules');
  } else {
    lines.push(`${report.contradictions.length} contradiction${report.contradictions.length === 1 ? '' : 's'} between the record and the rules:`);
    for (const c of report.contradictions) {
      const where = c.at ? `line ${c.at.line}:${c.at.column} ` : '';
      lines.push(`  ${where}${c.player} ${c.notation ? c.notation + ' ' : ''}— ${c.kind}: ${c.detail}`);
    }
  }
  return lines.join('\n');
}
