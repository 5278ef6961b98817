/**
 * The square 9×9 board both tile games are played on (Kosmos SuDoku, Domino-SUDOKU): cells of
 * side S, thin cell lines, thick 3×3 block lines, row and column numbers, and the pieces —
 * single tiles (plain, gold, marked) and dominoes drawn as one joined piece over two cells.
 *
 *   cell (r, c) = [x + c·S, x + (c+1)·S] × [y + r·S, y + (r+1)·S]
 *   a tile is inset 3 px; a domino is one rounded rectangle over both cells with a divider
 *
 * Class names tests count: `tile`, `gold`, `domino`, `late-error`, `last-move`, `completion`.
 */
import { GOLD, GOLD_EDGE, GRID_LINE, INK, LATE_ERROR, LAST_MOVE, MUTED, SOLUTION, TILE, TILE_EDGE, DOMINO, DOMINO_EDGE } from '../palette.ts';
import { g, line, rect, text } from '../svg.ts';

export const SIZE = 9;

export interface BoardFrame {
  x: number;
  y: number;
  cell: number;
}

export function boardExtent(frame: BoardFrame): number {
  return SIZE * frame.cell;
}

/** Background, lines and numbers (numbers outside the board: left and above). */
export function boardGrid(frame: BoardFrame): string {
  const { x, y, cell: S } = frame;
  const side = SIZE * S;
  const parts: string[] = [rect(x, y, side, side, { fill: '#fdfdfb' })];
  for (let i = 1; i < SIZE; i++) {
    const thick = i % 3 === 0;
    const style = thick ? { stroke: INK, 'stroke-width': 2.5 } : { stroke: GRID_LINE, 'stroke-width': 0.8 };
    parts.push(line(x + i * S, y, x + i * S, y + side, style), line(x, y + i * S, x + side, y + i * S, style));
  }
  parts.push(rect(x, y, side, side, { fill: 'none', stroke: INK, 'stroke-width': 3 }));
  for (let i = 0; i < SIZE; i++) {
    parts.push(text(x - 8, y + (i + 0.5) * S + 4, String(i + 1), { class: 'row-label', 'font-size': 12, 'text-anchor': 'end', fill: MUTED }));
    parts.push(text(x + (i + 0.5) * S, y - 8, String(i + 1), { class: 'column-label', 'font-size': 12, 'text-anchor': 'middle', fill: MUTED }));
  }
  return g({}, parts);
}

export type TileStyle = 'plain' | 'gold';

export interface TileMarks {
  lateError?: boolean;
  lastMove?: boolean;
}

/** One tile on cell (r, c). */
export function boardTile(frame: BoardFrame, r: number, c: number, digit: number, style: TileStyle, marks: TileMarks = {}): string {
  const { x, y, cell: S } = frame;
  return tileAt(x + c * S, y + r * S, S, digit, style, marks);
}

/** A tile in the square (x, y, size), also used in legends and piles. */
export function tileAt(x: number, y: number, size: number, digit: number, style: TileStyle, marks: TileMarks = {}): string {
  const inset = Math.max(2, size * 0.06);
  const classes = ['tile', style === 'gold' ? 'gold' : '', marks.lateError ? 'late-error' : '', marks.lastMove ? 'last-move' : ''].filter(Boolean).join(' ');
  const edge = marks.lateError ? LATE_ERROR : marks.lastMove ? LAST_MOVE : style === 'gold' ? GOLD_EDGE : TILE_EDGE;
  return g({ class: classes }, [
    ...(marks.lateError && marks.lastMove ? [lastMoveRing(x + 1, y + 1, size - 2, size - 2, size * 0.14)] : []),
    rect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, { rx: size * 0.12, fill: style === 'gold' ? GOLD : TILE, stroke: edge, 'stroke-width': marks.lateError || marks.lastMove ? 3 : 1.5 }),
    text(x + size / 2, y + size / 2 + size * 0.2, String(digit), { 'font-size': size * 0.56, 'font-weight': 'bold', 'text-anchor': 'middle', fill: INK }),
  ]);
}

/** A rule break that is also the last move: the red edge, and the last move's green ring around it. */
function lastMoveRing(x: number, y: number, w: number, h: number, rx: number): string {
  return rect(x, y, w, h, { rx, fill: 'none', stroke: LAST_MOVE, 'stroke-width': 2.5 });
}

/** A small digit in an empty cell (the completion witness of a deal). */
export function hintDigit(frame: BoardFrame, r: number, c: number, digit: number): string {
  const { x, y, cell: S } = frame;
  return text(x + (c + 0.5) * S, y + (r + 0.5) * S + S * 0.15, String(digit), { class: 'completion', 'font-size': S * 0.42, 'text-anchor': 'middle', fill: SOLUTION });
}

/**
 * A domino lying on two orthogonally adjacent cells: one piece, a divider between the halves,
 * `first` on cells[0] and `second` on cells[1].
 */
export function boardDomino(frame: BoardFrame, cells: readonly [number, number], digits: readonly [number, number], marks: TileMarks = {}): string {
  const { x, y, cell: S } = frame;
  const [a, b] = cells;
  const ra = Math.floor(a / SIZE), ca = a % SIZE, rb = Math.floor(b / SIZE), cb = b % SIZE;
  const horizontal = ra === rb;
  const r0 = Math.min(ra, rb), c0 = Math.min(ca, cb);
  const inset = Math.max(2, S * 0.07);
  const px = x + c0 * S, py = y + r0 * S;
  const w = horizontal ? 2 * S : S, h = horizontal ? S : 2 * S;
  const classes = ['domino', marks.lateError ? 'late-error' : '', marks.lastMove ? 'last-move' : ''].filter(Boolean).join(' ');
  const edge = marks.lateError ? LATE_ERROR : marks.lastMove ? LAST_MOVE : DOMINO_EDGE;
  const firstFirst = horizontal ? ca < cb : ra < rb;
  const [d0, d1] = firstFirst ? digits : ([digits[1], digits[0]] as const);
  const parts = [
    ...(marks.lateError && marks.lastMove ? [lastMoveRing(px + 1, py + 1, w - 2, h - 2, S * 0.16)] : []),
    rect(px + inset, py + inset, w - 2 * inset, h - 2 * inset, { rx: S * 0.14, fill: DOMINO, stroke: edge, 'stroke-width': marks.lateError || marks.lastMove ? 3 : 2 }),
    horizontal ? line(px + S, py + inset + 5, px + S, py + S - inset - 5, { stroke: DOMINO_EDGE, 'stroke-width': 1.2 }) : line(px + inset + 5, py + S, px + S - inset - 5, py + S, { stroke: DOMINO_EDGE, 'stroke-width': 1.2 }),
    text(px + S / 2, py + S / 2 + S * 0.2, String(d0), { 'font-size': S * 0.54, 'font-weight': 'bold', 'text-anchor': 'middle', fill: INK }),
    text(px + (horizontal ? 1.5 : 0.5) * S, py + (horizontal ? 0.5 : 1.5) * S + S * 0.2, String(d1), { 'font-size': S * 0.54, 'font-weight': 'bold', 'text-anchor': 'middle', fill: INK }),
  ];
  return g({ class: classes }, parts);
}

/** A domino off the board (hands, lists), lying flat: `size` is the side of one half. */
function looseDomino(x: number, y: number, size: number, digits: readonly [number, number], marks: TileMarks = {}): string {
  const classes = ['domino', 'loose', marks.lastMove ? 'last-move' : ''].filter(Boolean).join(' ');
  return g({ class: classes }, [
    rect(x, y, 2 * size, size, { rx: size * 0.16, fill: DOMINO, stroke: marks.lastMove ? LAST_MOVE : DOMINO_EDGE, 'stroke-width': marks.lastMove ? 2.5 : 1.5 }),
    line(x + size, y + 3, x + size, y + size - 3, { stroke: DOMINO_EDGE, 'stroke-width': 1 }),
    text(x + size / 2, y + size * 0.72, String(digits[0]), { 'font-size': size * 0.6, 'font-weight': 'bold', 'text-anchor': 'middle', fill: INK }),
    text(x + 1.5 * size, y + size * 0.72, String(digits[1]), { 'font-size': size * 0.6, 'font-weight': 'bold', 'text-anchor': 'middle', fill: INK }),
  ]);
}

/** Dominoes in rows of the given width; returns the markup and the height used. */
export function dominoRows(x: number, y: number, width: number, size: number, dominoes: ReadonlyArray<readonly [number, number]>, highlight?: readonly [number, number] | null): { markup: string; height: number } {
  const gap = size * 0.4;
  const perRow = Math.max(1, Math.floor((width + gap) / (2 * size + gap)));
  const parts = dominoes.map((d, i) => {
    const col = i % perRow;
    const row = Math.floor(i / perRow);
    const lastMove = highlight !== undefined && highlight !== null && d[0] === highlight[0] && d[1] === highlight[1];
    return looseDomino(x + col * (2 * size + gap), y + row * (size + gap), size, d, { lastMove });
  });
  const rows = Math.ceil(dominoes.length / perRow);
  return { markup: g({}, parts), height: rows === 0 ? 0 : rows * (size + gap) - gap };
}
