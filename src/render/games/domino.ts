/**
 * Domino-SUDOKU pictures: a deal (the empty board and every open hand), a position (the board,
 * the dominoes still to place, the one played last) and a game record replayed through the
 * referee up to a turn (every domino that stayed drawn as one joined piece over its two cells,
 * rule breaks that stayed marked, the last move, the hands left and the scores).
 *
 * A position file knows only digits, not which cells belong together, so its board shows single
 * tiles; records know every placement and show dominoes.
 */
import { DOMINO_COUNT, dominoDigits, dominoId } from '../../games/domino/dominoes.ts';
import { readDominoDeal, readDominoPosition } from '../../games/domino/files.ts';
import { recordFromText, type GameRecord } from '../../games/domino/record.ts';
import { parseRecordText } from '../../games/domino/record-text.ts';
import { replay } from '../../games/domino/replay.ts';
import type { DominoDealFile, DominoPositionFile } from '../../games/domino/schema.ts';
import { capital, L } from '../labels.ts';
import { INK, LATE_ERROR, LAST_MOVE } from '../palette.ts';
import type { PictureOptions } from '../picture.ts';
import { g, rect, text, type Picture } from '../svg.ts';
import { boardDomino, boardTile, dominoRows, SIZE } from './board9.ts';
import { clampTurn, gameFrame, gamePicture, type PanelLine } from './kosmos.ts';

const PANEL_WIDTH = 300;
const HAND_DOMINO = 19;

function handLines(name: string, hand: ReadonlyArray<readonly [number, number]>, highlight?: readonly [number, number] | null): PanelLine[] {
  const rows = dominoRows(0, 0, PANEL_WIDTH, HAND_DOMINO, hand, highlight);
  return [
    { text: capital(name), bold: true, gap: 6 },
    { markup: (x, y) => g({ class: 'hand', transform: `translate(${x} ${y + 6})` }, rows.markup), height: rows.height + 8 },
  ];
}

export function dominoDealPicture(input: DominoDealFile, options: PictureOptions): Picture {
  const { file } = readDominoDeal(input, { source: input.id ?? 'deal' });
  const { lang } = options;
  const frame = gameFrame();
  const panel: PanelLine[] = [];
  file.public.hands.forEach((hand, p) => panel.push(...handLines(`${L.hand[lang]} ${file.public.names[p]}`, hand)));
  const subtitle = `${L.deal[lang]} · ${file.public.players} ${L.players[lang]} · ${file.id}`;
  return gamePicture(L.domino[lang], subtitle, frame, [], panel, null);
}

export function dominoPositionPicture(input: DominoPositionFile, options: PictureOptions): Picture {
  readDominoPosition(input, { source: input.id ?? 'position' });
  const { lang } = options;
  const frame = gameFrame();
  const body: string[] = [];
  input.public.board.forEach((row, r) => row.forEach((d, c) => d > 0 && body.push(boardTile(frame.board, r, c, d, 'plain'))));
  const panel: PanelLine[] = [];
  if (input.public.last) {
    const last = input.public.last;
    panel.push({ text: capital(L.lastDomino[lang]), bold: true }, { markup: (x, y) => dominoRows(x, y + 6, PANEL_WIDTH, HAND_DOMINO, [last], last).markup, height: HAND_DOMINO + 10 });
  }
  panel.push(...handLines(`${L.remaining[lang]} (${input.public.remaining.length})`, input.public.remaining));
  const subtitle = `${L.position[lang]} · ${input.id}`;
  return gamePicture(L.domino[lang], subtitle, frame, body, panel, null);
}

/** A record (from JSON or from the sheet's notation), replayed up to `options.turn`. */
/** A Domino-SUDOKU record in the sheet's notation (text), drawn as `dominoRecordPicture` does; `source` names it in errors. */
export function dominoSheetPicture(text: string, source: string, id: string, options: PictureOptions): Picture {
  return dominoRecordPicture(recordFromText(parseRecordText(text, source)), id, options);
}

export function dominoRecordPicture(record: GameRecord, id: string, options: PictureOptions): Picture {
  const { lang } = options;
  const total = record.turns.length;
  const upTo = clampTurn(options.turn, total);
  const partial = upTo < total;
  // an earlier position: the same game cut after `upTo` turns; hands that the record only shows
  // through its columns are read off the whole record first, so later dominoes are still held
  const played: GameRecord = partial
    ? { ...record, hands: record.hands ?? handsFromColumns(record), turns: record.turns.slice(0, upTo), leftovers: [], totals: record.players.map(() => null), winnerClaims: [] }
    : record;
  const report = replay(played);
  const state = report.final;

  // which placements stayed, which of them broke a rule, and the last one
  const broke = new Set<number>();
  let last = -1;
  played.turns.forEach((turn, i) => {
    const move = report.moves[i];
    if (!turn.entry || turn.entry.kind !== 'place' || !move) return;
    const impossible = move.violations.some((v) => v === 'not-in-hand' || v === 'not-adjacent' || v === 'occupied');
    if (impossible) return;
    const id = dominoId(turn.entry.first, turn.entry.second);
    if (move.violations.length > 0) broke.add(id);
    last = id;
  });

  const frame = gameFrame();
  const cellsOf = new Map<number, number[]>();
  for (let cell = 0; cell < SIZE * SIZE; cell++) {
    const id = state.dominoAt[cell]!;
    if (id >= 0) cellsOf.set(id, [...(cellsOf.get(id) ?? []), cell]);
  }
  const body: string[] = [];
  for (const [id, cells] of [...cellsOf.entries()].sort((a, b) => a[0] - b[0])) {
    const [a, b] = cells as [number, number];
    body.push(boardDomino(frame.board, [a, b], [state.board[a]!, state.board[b]!], { lateError: broke.has(id), lastMove: id === last }));
  }

  const panel: PanelLine[] = [
    { markup: (x, y) => swatch(x, y, LATE_ERROR, L.ruleBroken[lang]), height: 24 },
    { markup: (x, y) => swatch(x, y, LAST_MOVE, L.lastMove[lang]), height: 24 },
    { text: capital(L.score[lang]), bold: true, gap: 8 },
  ];
  report.scores.forEach((s, p) => {
    const wins = !partial && report.winners.includes(record.players[p]!);
    panel.push({ text: `${record.players[p]}: ${signed(s.total)} (+${s.plus} −${s.minus})${wins ? `  ★ ${L.winner[lang]}` : ''}`, className: 'score' });
  });
  record.players.forEach((name, p) => {
    const hand: Array<readonly [number, number]> = [];
    for (let id = 0; id < DOMINO_COUNT; id++) if (state.holder[id] === p) hand.push(dominoDigits(id));
    if (hand.length > 0) panel.push(...handLines(`${L.hand[lang]} ${name} (${hand.length})`, hand));
  });
  const subtitle = `${L.record[lang]} · ${record.players.length} ${L.players[lang]} · ${L.afterTurn[lang]} ${upTo}/${total} · ${id}`;
  return gamePicture(L.domino[lang], subtitle, frame, body, panel, null);
}

/** Each seat's dominoes as the record's columns show them (placed and written off), each once. */
function handsFromColumns(record: GameRecord): number[][] {
  const seen = new Set<number>();
  const hands: number[][] = record.players.map(() => []);
  const take = (player: number, first: number, second: number) => {
    const id = dominoId(first, second);
    if (id < 0 || seen.has(id)) return;
    seen.add(id);
    hands[player]!.push(id);
  };
  for (const t of record.turns) if (t.entry?.kind === 'place') take(t.player, t.entry.first, t.entry.second);
  for (const l of record.leftovers) take(l.player, l.entry.first, l.entry.second);
  return hands;
}

/** −16 with a real minus sign, as the sheet prints sums. */
function signed(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}

function swatch(x: number, y: number, colour: string, label: string): string {
  return g({ class: 'legend' }, [rect(x, y + 2, 36, 18, { rx: 3, fill: '#fdfcf8', stroke: colour, 'stroke-width': 3 }), text(x + 46, y + 16, label, { 'font-size': 12.5, fill: INK })]);
}

