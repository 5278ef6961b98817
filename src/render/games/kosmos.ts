/**
 * Kosmos SuDoku pictures: a deal (the nine gold tiles; with the solution also the completion
 * witness in small digits and the face-down pile in draw order) and a game record replayed
 * through the referee up to a turn (gold tiles, played tiles, errors that stayed, the last move,
 * the seats' scores).
 */
import { readKosmosDeal, readKosmosRecord } from '../../games/kosmos/files.ts';
import { replayKosmos } from '../../games/kosmos/replay.ts';
import type { KosmosDealFile, KosmosRecordFile } from '../../games/kosmos/schema.ts';
import { capital, L } from '../labels.ts';
import { heading, HEADING_BASELINE, MARGIN } from '../heading.ts';
import { INK, MUTED, SOLUTION } from '../palette.ts';
import type { PictureOptions } from '../picture.ts';
import { g, svgDocument, text, type Picture } from '../svg.ts';
import { textWidth } from '../text.ts';
import { boardExtent, boardGrid, boardTile, hintDigit, SIZE, tileAt, type BoardFrame } from './board9.ts';

const CELL = 46;
const PANEL = 300;
const PANEL_TEXT = 12.5;

export interface GameFrame {
  board: BoardFrame;
  panelX: number;
  panelY: number;
}

/** Title, subtitle and where the board and the side panel go. */
export function gameFrame(): GameFrame {
  const top = HEADING_BASELINE + 34;
  const board: BoardFrame = { x: MARGIN + 22, y: top, cell: CELL };
  return { board, panelX: board.x + boardExtent(board) + 28, panelY: top };
}

/** The document around a game picture: title lines, the board markup and the panel lines. */
export function gamePicture(title: string, subtitle: string, frame: GameFrame, body: string[], panel: PanelLine[], below: { markup: string; height: number } | null): Picture {
  const panelParts: string[] = [];
  let y = frame.panelY + 4;
  let panelWidth = PANEL;
  for (const item of panel) {
    if (item.gap) y += item.gap;
    if (item.markup) {
      panelParts.push(item.markup(frame.panelX, y));
      y += item.height ?? 0;
      continue;
    }
    const size = item.size ?? PANEL_TEXT;
    y += size + 5;
    panelParts.push(text(frame.panelX, y, item.text ?? '', { 'font-size': size, 'font-weight': item.bold ? 'bold' : undefined, fill: item.colour ?? INK, class: item.className }));
    panelWidth = Math.max(panelWidth, textWidth(item.text ?? '', size, item.bold ? 'bold' : 'regular'));
  }
  const boardBottom = frame.board.y + boardExtent(frame.board);
  const belowTop = boardBottom + 26;
  const bottom = Math.max(y, below ? belowTop + below.height : boardBottom);
  const head = heading(title, subtitle);
  const width = Math.max(frame.panelX + panelWidth, head.right) + MARGIN;
  const parts = [
    ...head.markup,
    boardGrid(frame.board),
    ...body,
    g({ class: 'panel' }, panelParts),
  ];
  if (below) parts.push(below.markup);
  return svgDocument(width, bottom + MARGIN, `${title}, ${subtitle}`, parts);
}

/** One line of the side panel: text, or a drawn item of known height. */
export interface PanelLine {
  text?: string;
  size?: number;
  bold?: boolean;
  colour?: string;
  className?: string;
  gap?: number;
  markup?: (x: number, y: number) => string;
  height?: number;
}

function legendTile(label: string, style: 'plain' | 'gold', marks: { lateError?: boolean; lastMove?: boolean } = {}, digit = 5): PanelLine {
  return {
    markup: (x, y) => g({ class: 'legend' }, [tileAt(x, y, 24, digit, style, marks), text(x + 32, y + 17, label, { 'font-size': PANEL_TEXT, fill: INK })]),
    height: 30,
  };
}

export function kosmosDealPicture(input: KosmosDealFile, options: PictureOptions): Picture {
  const file = readKosmosDeal(input, { source: input.id ?? 'deal' });
  const { lang } = options;
  const frame = gameFrame();
  const body: string[] = [];
  const taken = new Set<number>();
  for (const t of file.public.gold) {
    body.push(boardTile(frame.board, t.row, t.column, t.digit, 'gold'));
    taken.add(t.row * SIZE + t.column);
  }
  const secret = options.solution ? file.secret : undefined;
  if (secret) {
    for (let r = 0; r < SIZE; r++) for (let c = 0; c < SIZE; c++) if (!taken.has(r * SIZE + c)) body.push(hintDigit(frame.board, r, c, secret.completion[r]![c]!));
  }
  const title = L.kosmos[lang];
  const subtitle = `${L.deal[lang]} · ${file.public.players} ${L.players[lang]}${secret ? ` · ${L.solution[lang]}` : ''} · ${file.id}`;
  const panel: PanelLine[] = [
    legendTile(L.gold[lang], 'gold'),
    { text: `${file.public.pileSize} ${L.tile[lang]} ${L.faceDown[lang]}`, colour: MUTED, gap: 4 },
  ];
  if (secret) {
    panel.push({
      markup: (x, y) => g({ class: 'legend' }, [text(x + 12, y + 18, '7', { 'font-size': 19, 'text-anchor': 'middle', fill: SOLUTION }), text(x + 32, y + 17, L.completion[lang], { 'font-size': PANEL_TEXT, fill: INK })]),
      height: 30,
      gap: 8,
    });
  }
  let below: { markup: string; height: number } | null = null;
  if (secret) {
    const size = 22;
    const perRow = 18;
    const top = frame.board.y + boardExtent(frame.board) + 26;
    const tiles = secret.pile.map((d, i) => tileAt(frame.board.x - 22 + (i % perRow) * (size + 3), top + 18 + Math.floor(i / perRow) * (size + 3), size, d, 'plain'));
    const heading = text(frame.board.x - 22, top + 10, L.pile[lang], { 'font-size': 12, 'font-weight': 'bold', fill: INK });
    below = { markup: g({ class: 'pile' }, [heading, ...tiles]), height: 18 + Math.ceil(secret.pile.length / perRow) * (size + 3) };
  }
  return gamePicture(title, subtitle, frame, body, panel, below);
}

export function kosmosRecordPicture(input: KosmosRecordFile, options: PictureOptions): Picture {
  const file = readKosmosRecord(input, { source: input.id ?? 'record' });
  const { lang } = options;
  const total = file.public.turns.length;
  const upTo = clampTurn(options.turn, total);
  const report = replayKosmos({ ...file, public: { ...file.public, turns: file.public.turns.slice(0, upTo) } });
  const frame = gameFrame();
  const body: string[] = [];
  for (const t of file.public.gold) body.push(boardTile(frame.board, t.row, t.column, t.digit, 'gold'));
  let aside = 0;
  report.turns.forEach((t, i) => {
    if (t.cell === null || !(t.verdict === 'placed' || t.verdict === 'late-error')) {
      if (t.verdict === 'aside' || t.verdict === 'false-claim') aside++;
      return;
    }
    const last = i === report.turns.length - 1;
    body.push(boardTile(frame.board, Math.floor(t.cell / SIZE), t.cell % SIZE, t.tile, 'plain', { lateError: t.verdict === 'late-error', lastMove: last }));
  });
  const title = L.kosmos[lang];
  const subtitle = `${L.record[lang]} · ${file.public.players} ${L.players[lang]} · ${file.public.scoring} · ${L.afterTurn[lang]} ${upTo}/${total} · ${file.id}`;
  const panel: PanelLine[] = [legendTile(L.gold[lang], 'gold'), legendTile(L.lateError[lang], 'plain', { lateError: true }), legendTile(L.lastMove[lang], 'plain', { lastMove: true })];
  panel.push({ text: capital(L.score[lang]), bold: true, gap: 10 });
  report.scores.forEach((s, seat) => {
    const wins = upTo === total && report.winners.includes(seat);
    panel.push({ text: `${L.seat[lang]} ${seat + 1}: ${s}${wins ? `  ★ ${L.winner[lang]}` : ''}`, className: 'score' });
  });
  if (aside > 0) panel.push({ text: `${aside} ${L.aside[lang]}`, colour: MUTED, gap: 6 });
  return gamePicture(title, subtitle, frame, body, panel, null);
}

/** The turn to draw: the end by default, never past it. */
export function clampTurn(turn: number | undefined, total: number): number {
  if (turn === undefined) return total;
  return Math.max(0, Math.min(total, Math.floor(turn)));
}

