/**
 * Domino-SUDOKU files: the seeded deal, and reading deals, JSON records and positions (schema
 * first, then the checks a schema cannot express, each an InputError with a JSON pointer).
 */
import { contentId } from '../../core/ids.ts';
import { InputError, type InputPosition, inside } from '../../core/errors.ts';
import { Rng } from '../../core/rng.ts';
import { assertValid } from '../../core/schema.ts';
import type { Grid } from '../../sudoku/types.ts';
import { CELLS, SIZE } from '../sudoku-board.ts';
import type { CompletionQuestion } from './completion.ts';
import { DOMINO_COUNT, dominoDigits, dominoId, type DominoId } from './dominoes.ts';
import type { GameRecord, RecordedTurn } from './record.ts';
import { DominoDealFile, DominoPositionFile, DominoRecordFile } from './schema.ts';
import { DOMINO_DEAL } from '../../core/formats.ts';

const SEAT_NAMES = ['A', 'B', 'C', 'D'] as const;

/** A seeded deal: the 36 dominoes shuffled and dealt 18 / 12 / 9 each. Same seed, same deal. */
export function dealDomino(players: number, seed: string): DominoDealFile {
  if (!(Number.isInteger(players) && players >= 2 && players <= 4)) throw new RangeError('Domino-SUDOKU is for 2 to 4 players');
  const rng = new Rng('domino-deal', players, seed);
  const pile = rng.shuffle(Array.from({ length: DOMINO_COUNT }, (_, i) => i));
  const each = DOMINO_COUNT / players;
  const hands = Array.from({ length: players }, (_, p) => pile.slice(p * each, p * each + each).sort((a, b) => a - b).map((id) => [...dominoDigits(id)] as [number, number]));
  const pub = { players, names: SEAT_NAMES.slice(0, players), hands };
  return { format: DOMINO_DEAL, version: 1, id: dominoDealId(pub), public: pub, secret: { seed } };
}

/** A deal's id: a hash of its public part (the open hands) only, never of the seed. */
export function dominoDealId(pub: DominoDealFile['public']): string {
  return contentId(`domino-${pub.players}p`, JSON.stringify(['domino-deal', pub.players, pub.hands]));
}

function pairId(pair: readonly [number, number], where: InputPosition, pointer: string): DominoId {
  const id = dominoId(pair[0], pair[1]);
  if (id < 0) throw new InputError(inside(where, pointer), `[${pair[0]}/${pair[1]}] is not a domino: its two numbers must differ`);
  return id;
}

/** Hands as domino ids, each domino at most once (and, with `all`, every domino once). */
function readHands(hands: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, where: InputPosition, pointer: string, all: boolean): DominoId[][] {
  const seen = new Map<DominoId, string>();
  const out = hands.map((hand, p) => readList(hand, where, `${pointer}/${p}`, seen));
  if (all && seen.size !== DOMINO_COUNT) throw new InputError(inside(where, pointer), `${DOMINO_COUNT - seen.size} dominoes are not dealt`);
  return out;
}

/** A list of dominoes as ids; `seen` catches repeats across lists. */
function readList(list: ReadonlyArray<readonly [number, number]>, where: InputPosition, pointer: string, seen = new Map<DominoId, string>()): DominoId[] {
  return list.map((pair, i) => {
    const at = `${pointer}/${i}`;
    const id = pairId(pair, where, at);
    if (seen.has(id)) throw new InputError(inside(where, at), `[${pair[0]}/${pair[1]}] is listed twice (also at ${seen.get(id)})`);
    seen.set(id, at);
    return id;
  });
}

/** Validate a deal file; returns it with its hands as ids. */
export function readDominoDeal(data: unknown, where: InputPosition): { file: DominoDealFile; hands: DominoId[][] } {
  assertValid<DominoDealFile>(DominoDealFile, data, where);
  const pub = data.public;
  if (pub.names.length !== pub.players) throw new InputError(inside(where, '/public/names'), `names ${pub.names.length} players, expected ${pub.players}`);
  if (pub.hands.length !== pub.players) throw new InputError(inside(where, '/public/hands'), `has ${pub.hands.length} hands, expected ${pub.players}`);
  pub.hands.forEach((h, p) => {
    if (h.length !== DOMINO_COUNT / pub.players) throw new InputError(inside(where, `/public/hands/${p}`), `has ${h.length} dominoes, expected ${DOMINO_COUNT / pub.players}`);
  });
  return { file: data, hands: readHands(pub.hands, where, '/public/hands', true) };
}

/** Validate a JSON game record and put it in play order. */
export function readDominoRecord(data: unknown, where: InputPosition): GameRecord {
  assertValid<DominoRecordFile>(DominoRecordFile, data, where);
  const pub = data.public;
  const seat = (name: string, pointer: string) => {
    const p = pub.players.indexOf(name);
    if (p < 0) throw new InputError(inside(where, pointer), `"${name}" is not one of the players (${pub.players.join(', ')})`);
    return p;
  };
  pub.players.forEach((n, i) => {
    if (pub.players.indexOf(n) !== i) throw new InputError(inside(where, `/public/players/${i}`), `player "${n}" is named twice`);
  });
  const hands = pub.hands ? readHands(pub.hands, where, '/public/hands', false) : null;
  if (hands && hands.length !== pub.players.length) throw new InputError(inside(where, '/public/hands'), `has ${hands.length} hands for ${pub.players.length} players`);
  const turns: RecordedTurn[] = pub.moves.map((m, i) => {
    const player = seat(m.player, `/public/moves/${i}/player`);
    if (m.kind === 'pass') return { player, entry: { kind: 'pass' } };
    pairId(m.domino, where, `/public/moves/${i}/domino`);
    const [a, b] = m.cells.map(([r, c]) => r * SIZE + c) as [number, number];
    return { player, entry: { kind: 'place', first: m.domino[0], second: m.domino[1], cells: [a, b], lateError: m.lateError ?? false, completions: (m.completions ?? []) as never, plusMark: (m.completions ?? []).length > 0 } };
  });
  const leftovers = (pub.leftovers ?? []).map((l, i) => {
    pairId(l.domino, where, `/public/leftovers/${i}/domino`);
    return { player: seat(l.player, `/public/leftovers/${i}/player`), entry: { kind: 'unplaceable' as const, first: l.domino[0], second: l.domino[1] } };
  });
  const totals = pub.players.map((name) => (pub.totals && name in pub.totals ? { terms: [], total: pub.totals[name]! } : null));
  for (const name of Object.keys(pub.totals ?? {})) seat(name, `/public/totals/${name}`);
  const winnerClaims = pub.winner ? [{ name: pub.winner, text: `winner: ${pub.winner}`, at: { line: where.line ?? 1, column: 1 } }] : [];
  if (pub.winner) seat(pub.winner, '/public/winner');
  return { players: pub.players, hands, turns, leftovers, totals, winnerClaims };
}

/** Validate a position file. */
export function readDominoPosition(data: unknown, where: InputPosition): CompletionQuestion {
  assertValid<DominoPositionFile>(DominoPositionFile, data, where);
  const pub = data.public;
  const board: Grid = new Uint8Array(CELLS);
  pub.board.forEach((row, r) => row.forEach((d, c) => (board[r * SIZE + c] = d)));
  const remaining = readList(pub.remaining, where, '/public/remaining');
  const last = pub.last ? pairId(pub.last, where, '/public/last') : -1;
  return { board, remaining, last };
}
