/**
 * What one seat of a served Kosmos SuDoku or Domino-SUDOKU table sees, drawn: the answer of
 * `GET /tables/:id` for that seat (the seat-state.ts of src/games/kosmos and src/games/domino) and nothing else, so the picture
 * can show no more than the seat may know. Kosmos: gold and placed tiles, the last move, each
 * seat's score and whether it holds a tile (the seat's own tile face up, the others' face down),
 * the pile's size, the tiles put aside. Domino: every domino on the board (the moves' cells
 * pair them), the last one, every open hand, the scores, who is to move.
 */
import type { DominoSeatState } from '../../games/domino/seat-state.ts';
import type { KosmosSeatState } from '../../games/kosmos/seat-state.ts';
import type { Lang } from '../../core/lang.ts';
import { capital, L } from '../labels.ts';
import { INK, LAST_MOVE, MUTED } from '../palette.ts';
import { g, rect, text, type Picture } from '../svg.ts';
import { boardDomino, boardTile, dominoRows, SIZE, tileAt } from './board9.ts';
import { gameFrame, gamePicture, type PanelLine } from './kosmos.ts';

const PANEL_WIDTH = 300;

export function kosmosSeatPicture(state: KosmosSeatState, options: { lang: Lang }): Picture {
  const { lang } = options;
  const { view } = state;
  const frame = gameFrame();
  const gold = new Set(view.gold.map((t) => t.row * SIZE + t.column));
  const lastPlaced = [...state.moves].reverse().find((m) => m.verdict === 'placed');
  const newest = state.moves.length > 0 && state.moves.at(-1)!.moveNumber === state.moveCount ? lastPlaced : undefined;
  const body: string[] = [];
  view.board.forEach((row, r) =>
    row.forEach((d, c) => {
      if (d === 0) return;
      const last = newest?.cell !== undefined && newest.cell[0] === r && newest.cell[1] === c;
      body.push(boardTile(frame.board, r, c, d, gold.has(r * SIZE + c) ? 'gold' : 'plain', { lastMove: last }));
    }),
  );
  const panel: PanelLine[] = [];
  if (view.tile !== null) {
    panel.push({ markup: (x, y) => g({ class: 'own-tile' }, [tileAt(x, y, 30, view.tile!, 'plain'), text(x + 40, y + 20, `${capital(L.yourTile[lang])} (${L.seat[lang]} ${state.seat})`, { 'font-size': 12.5, fill: INK })]), height: 36 });
  }
  panel.push({ text: `${view.pileSize} ${L.pileLeft[lang]}`, colour: MUTED, gap: 4 });
  if (view.aside.length > 0) panel.push({ text: `${view.aside.length} ${L.aside[lang]}: ${view.aside.join(' ')}`, colour: MUTED });
  panel.push({ text: capital(L.score[lang]), bold: true, gap: 10 });
  view.track.forEach((t, i) => {
    const seat = i + 1;
    const marks = [
      seat === view.toMove ? `  ◀ ${L.toMove[lang]}` : '',
      view.winners.includes(seat) ? `  ★ ${L.winner[lang]}` : '',
    ].join('');
    const holds = seat === state.seat ? '' : ` · ${view.tileCounts[i] ? L.holdsOne[lang] : L.holdsNone[lang]}`;
    panel.push({ text: `${L.seat[lang]} ${seat}${seat === state.seat ? ` (${L.you[lang]})` : ''}: ${t.score} (${t.laps}×40 + ${t.position})${holds}${marks}`, className: 'score' });
  });
  if (view.over) panel.push({ text: L.gameOver[lang], bold: true, gap: 8 });
  const subtitle = `${L.table[lang]} ${state.id} · ${L.seatView[lang]} ${state.seat} · ${view.players} ${L.players[lang]} · ${view.scoring} · ${L.afterMove[lang]} ${state.moveCount}`;
  return gamePicture(L.kosmos[lang], subtitle, frame, body, panel, null);
}

export function dominoSeatPicture(state: DominoSeatState, options: { lang: Lang }): Picture {
  const { lang } = options;
  const { view } = state;
  const frame = gameFrame();
  const body: string[] = [];
  const drawn = new Set<number>();
  const places = state.moves.filter((m) => m.kind === 'place' && m.cells);
  const newest = state.moves.at(-1)?.moveNumber === state.moveCount ? places.at(-1) : undefined;
  for (const m of places) {
    const [a, b] = m.cells!.map(([r, c]) => r * SIZE + c) as [number, number];
    drawn.add(a).add(b);
    body.push(boardDomino(frame.board, [a, b], [view.board[Math.floor(a / SIZE)]![a % SIZE]!, view.board[Math.floor(b / SIZE)]![b % SIZE]!], { lastMove: m === newest }));
  }
  // a page of moves that does not reach back to the start leaves some digits without their pair
  view.board.forEach((row, r) => row.forEach((d, c) => d !== 0 && !drawn.has(r * SIZE + c) && body.push(boardTile(frame.board, r, c, d, 'plain'))));
  const panel: PanelLine[] = [];
  if (view.last) panel.push({ markup: (x, y) => swatch(x, y, LAST_MOVE, `${L.lastDomino[lang]}: [${view.last![0]}/${view.last![1]}]`), height: 24 });
  panel.push({ text: capital(L.score[lang]), bold: true, gap: 8 });
  view.scores.forEach((s, i) => {
    const seat = i + 1;
    const marks = `${seat === view.toMove ? `  ◀ ${L.toMove[lang]}` : ''}${view.winners.includes(seat) ? `  ★ ${L.winner[lang]}` : ''}`;
    panel.push({ text: `${view.names[i]} (${L.seat[lang]} ${seat}${seat === state.seat ? `, ${L.you[lang]}` : ''}): ${s.total < 0 ? `−${-s.total}` : s.total} (+${s.plus} −${s.minus})${marks}`, className: 'score' });
  });
  view.hands.forEach((hand, i) => {
    if (hand.length === 0) return;
    const rows = dominoRows(0, 0, PANEL_WIDTH, 19, hand);
    panel.push({ text: `${capital(L.hand[lang])} ${view.names[i]} (${hand.length})`, bold: true, gap: 6 });
    panel.push({ markup: (x, y) => g({ class: 'hand', transform: `translate(${x} ${y + 6})` }, rows.markup), height: rows.height + 8 });
  });
  if (view.over) panel.push({ text: L.gameOver[lang], bold: true, gap: 8 });
  const subtitle = `${L.table[lang]} ${state.id} · ${L.seatView[lang]} ${state.seat} · ${view.players} ${L.players[lang]} · ${L.afterMove[lang]} ${state.moveCount}`;
  return gamePicture(L.domino[lang], subtitle, frame, body, panel, null);
}

function swatch(x: number, y: number, colour: string, label: string): string {
  return g({ class: 'legend' }, [rect(x, y + 3, 18, 14, { fill: 'none', stroke: colour, 'stroke-width': 2.5, rx: 2 }), text(x + 28, y + 15, label, { 'font-size': 12.5, fill: INK })]);
}
