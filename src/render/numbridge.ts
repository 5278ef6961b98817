/**
 * The Numbridge board picture: hexagons in a rhombus (hex.ts), blocks tinted and bordered thick,
 * givens bold, the two players' sides as coloured bands with numbered badges and a legend, row and
 * column numbers, and — only when asked and only when the file has `secret` — the solution digits
 * in another colour and weight.
 *
 * Class names mark what tests count: `cell` (one hexagon per cell), `block-edge` (one segment per
 * edge between two blocks), `given`, `solution`, `side-1`, `side-2`.
 */
import { flattenGrid, readBoardFile } from '../numbridge-board/board-file.ts';
import type { NumbridgeBoardInput } from '../numbridge-board/schema.ts';
import { boardSide, cellWidth, EDGE_NEIGHBOUR, hexCenter, hexCorners, hexEdge, isOuterEdge, rhombusBounds, type HexLayout } from './hex.ts';
import { levelText, L } from './labels.ts';
import { type Lang } from '../core/lang.ts';
import { heading, HEADING_BASELINE, MARGIN } from './heading.ts';
import { BLOCK_TINTS, GRID_LINE, INK, MUTED, PLAYER_1, PLAYER_2, SOLUTION } from './palette.ts';
import type { PictureOptions } from './picture.ts';
import { circle, g, line, polygon, svgDocument, text, type Picture } from './svg.ts';
import { textWidth } from './text.ts';

const LEGEND_SIZE = 12;
const LABEL_SIZE = 11;

/** Circumradius for a board of size N: 9×9 gets 24 px, small boards grow up to 34 px. */
export function hexRadius(size: number): number {
  return Math.min(34, 540 / (Math.sqrt(3) * (1.5 * size - 0.5)));
}

/** Draw a board file (the caller passes the player form unless the solution is wanted). */
export function numbridgePicture(input: NumbridgeBoardInput, options: PictureOptions): Picture {
  const { file, board } = readBoardFile(input, { source: input.id ?? 'board' });
  const n = board.size;
  const solution = options.solution && file.secret ? flattenGrid(file.secret.solution, n, { source: file.id }, '/secret/solution') : null;
  const { title, subtitle, legend } = pictureWords(file, board.givens, solution !== null, options.lang);
  const head = heading(title, subtitle);
  const sheet = sheetLayout(n, legend, head.right);
  const { bands, outline } = sideBandsAndOutline(sheet);
  const parts: string[] = [
    ...head.markup,
    cellHexagons(sheet, board.regions),
    ...bands,
    blockBorders(sheet, board.regions),
    outline,
    cellDigits(sheet, board.givens, solution),
    rowAndColumnNumbers(sheet),
    ...sideBadges(sheet),
    ...legendRows(legend, sheet),
  ];
  return svgDocument(sheet.width, sheet.height, `${title}, ${subtitle}`, parts);
}

export interface LegendItem {
  kind: 'band' | 'digit' | 'swatch';
  colour: string;
  label: string;
  /** kind 'swatch': the sample drawn in the 24 px box left of the label (x, y of its box's left middle). */
  swatch?: (x: number, y: number) => string;
}

/** Where everything of a picture stands: the rhombus of hexagons and the sheet around it. */
export interface SheetLayout {
  n: number;
  radius: number;
  /** Width of the players' coloured bands. */
  bandWidth: number;
  layout: HexLayout;
  bounds: { left: number; right: number; top: number; bottom: number };
  legendTop: number;
  width: number;
  height: number;
}

/** The title, the subtitle (blocks, givens, grade, solution, id) and the legend's lines. */
function pictureWords(file: NumbridgeBoardInput, givens: Uint8Array, withSolution: boolean, lang: Lang): { title: string; subtitle: string; legend: LegendItem[] } {
  const pub = file.public;
  const n = pub.size;
  const title = `${L.numbridge[lang]} ${n}×${n}`;
  const blocks = pub.blockShape === 'regular' ? L.regularBlocks[lang] : L.irregularBlocks[lang];
  const givenCount = givens.reduce((k, d) => k + (d > 0 ? 1 : 0), 0);
  const subtitle = `${blocks} · ${givenCount} ${L.givens[lang]} · ${levelText('grade', pub.grade, lang)}${withSolution ? ` · ${L.solution[lang]}` : ''} · ${file.id}`;
  const legend: LegendItem[] = [
    { kind: 'band', colour: PLAYER_1, label: L.player1Joins[lang] },
    { kind: 'band', colour: PLAYER_2, label: L.player2Joins[lang] },
  ];
  if (withSolution) legend.push({ kind: 'digit', colour: SOLUTION, label: L.solutionDigits[lang] });
  return { title, subtitle, legend };
}

/** Layout: title, column numbers and the top badge, the rhombus, the bottom badge, the legend. */
export function sheetLayout(n: number, legend: readonly LegendItem[], headingRight: number): SheetLayout {
  const radius = hexRadius(n);
  const bandWidth = Math.max(5, radius * 0.3);
  const labelGap = LABEL_SIZE + bandWidth;
  const top = HEADING_BASELINE + 14 + 26 + labelGap;
  const left = MARGIN + 30 + labelGap;
  const layout: HexLayout = { size: n, radius, x0: 0, y0: 0 };
  const probe = rhombusBounds(layout);
  layout.x0 = left - probe.left;
  layout.y0 = top - probe.top;
  const bounds = rhombusBounds(layout);
  const legendTop = bounds.bottom + bandWidth + 34;
  const legendWidth = Math.max(...legend.map((item) => 34 + textWidth(item.label, LEGEND_SIZE)));
  const contentWidth = Math.max(bounds.right + bandWidth + 40, headingRight, MARGIN + legendWidth);
  return { n, radius, bandWidth, layout, bounds, legendTop, width: contentWidth + MARGIN, height: legendTop + legend.length * 20 + MARGIN };
}

/**
 * One hexagon per cell, tinted by its block; `paint` (game pictures) may give a cell another fill
 * and class, e.g. its owner's tint.
 */
export function cellHexagons({ n, layout }: SheetLayout, regions: ArrayLike<number>, paint?: (cell: number) => { fill: string; className: string } | null): string {
  const tints = blockTints(n, regions);
  const cells: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const own = paint?.(r * n + c);
      cells.push(polygon(hexCorners(layout, r, c), { class: own ? `cell ${own.className}` : 'cell', fill: own ? own.fill : tints[regions[r * n + c]!] }));
    }
  }
  return g({ stroke: GRID_LINE, 'stroke-width': 1 }, cells);
}

/**
 * The players' sides as coloured bands on the outline (the two obtuse-corner edges belong to both
 * sides: left plain), and the outline itself, drawn later over the block borders.
 */
export function sideBandsAndOutline({ n, layout, bandWidth }: SheetLayout): { bands: [string, string]; outline: string } {
  const sides: string[][] = [[], []];
  const outline: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (let k = 0; k < 6; k++) {
        if (!isOuterEdge(n, r, c, k)) continue;
        const [a, b] = hexEdge(layout, r, c, k);
        const side = boardSide(n, r, c, k);
        if (side) {
          const player = side === 'top' || side === 'bottom' ? 1 : 2;
          sides[player - 1]!.push(line(a[0], a[1], b[0], b[1], { class: `side-${player}` }));
        }
        outline.push(line(a[0], a[1], b[0], b[1]));
      }
    }
  }
  return {
    bands: [
      g({ stroke: PLAYER_1, 'stroke-width': bandWidth, 'stroke-linecap': 'round' }, sides[0]!),
      g({ stroke: PLAYER_2, 'stroke-width': bandWidth, 'stroke-linecap': 'round' }, sides[1]!),
    ],
    outline: g({ stroke: INK, 'stroke-width': 2.5, 'stroke-linecap': 'round' }, outline),
  };
}

/** Thick borders between blocks: edges 0..2 of each cell cover every inner edge once. */
export function blockBorders({ n, layout }: SheetLayout, regions: ArrayLike<number>): string {
  const borders: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (let k = 0; k < 3; k++) {
        const [dr, dc] = EDGE_NEIGHBOUR[k]!;
        const rr = r + dr;
        const cc = c + dc;
        if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
        if (regions[r * n + c] === regions[rr * n + cc]) continue;
        const [a, b] = hexEdge(layout, r, c, k);
        borders.push(line(a[0], a[1], b[0], b[1], { class: 'block-edge' }));
      }
    }
  }
  return g({ stroke: INK, 'stroke-width': 3, 'stroke-linecap': 'round' }, borders);
}

/** The givens in bold; the solution's digits in the empty cells, smaller and coloured, when given. */
function cellDigits({ n, layout, radius }: SheetLayout, givens: ArrayLike<number>, solution: ArrayLike<number> | null): string {
  const digitSize = radius * 0.9;
  const digits: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      const [x, y] = hexCenter(layout, r, c);
      const given = givens[cell]!;
      if (given > 0) {
        digits.push(text(x, y + digitSize * 0.36, String(given), { class: 'given', 'font-size': digitSize, 'font-weight': 'bold', fill: INK }));
      } else if (solution) {
        const size = digitSize * 0.85;
        digits.push(text(x, y + size * 0.36, String(solution[cell]), { class: 'solution', 'font-size': size, fill: SOLUTION }));
      }
    }
  }
  return g({ 'text-anchor': 'middle' }, digits);
}

/** Row numbers left of column 0, column numbers above row 0 (the r3c5 of proofs and reports). */
export function rowAndColumnNumbers({ n, layout, radius, bandWidth }: SheetLayout): string {
  const labels: string[] = [];
  const half = cellWidth(layout) / 2;
  for (let i = 0; i < n; i++) {
    const [rx, ry] = hexCenter(layout, i, 0);
    labels.push(text(rx - half - bandWidth - 6, ry + LABEL_SIZE * 0.36, String(i + 1), { class: 'row-label', 'font-size': LABEL_SIZE, 'text-anchor': 'end', fill: MUTED }));
    const [cx, cy] = hexCenter(layout, 0, i);
    labels.push(text(cx, cy - radius - bandWidth - 5, String(i + 1), { class: 'column-label', 'font-size': LABEL_SIZE, 'text-anchor': 'middle', fill: MUTED }));
  }
  return g({}, labels);
}

/** A numbered badge in the middle of each side: player 1 above and below, player 2 left and right. */
export function sideBadges({ n, layout, bandWidth, bounds }: SheetLayout): string[] {
  const half = cellWidth(layout) / 2;
  const mid = Math.floor((n - 1) / 2);
  const midTop = (hexCenter(layout, 0, mid)[0] + hexCenter(layout, 0, n - 1 - mid)[0]) / 2;
  const midBottom = (hexCenter(layout, n - 1, mid)[0] + hexCenter(layout, n - 1, n - 1 - mid)[0]) / 2;
  const [leftX, midY] = hexCenter(layout, mid, 0);
  const [rightX] = hexCenter(layout, mid, n - 1);
  const midRowY = (midY + hexCenter(layout, n - 1 - mid, 0)[1]) / 2;
  const leftMidX = (leftX + hexCenter(layout, n - 1 - mid, 0)[0]) / 2;
  const rightMidX = (rightX + hexCenter(layout, n - 1 - mid, n - 1)[0]) / 2;
  return [
    badge(midTop, bounds.top - bandWidth - LABEL_SIZE - 18, 1),
    badge(midBottom, bounds.bottom + bandWidth + 14, 1),
    badge(leftMidX - half - bandWidth - 34, midRowY, 2),
    badge(rightMidX + half + bandWidth + 16, midRowY, 2),
  ];
}

export function badge(x: number, y: number, player: 1 | 2): string {
  return g({ class: `badge-${player}` }, [
    circle(x, y, 10, { fill: player === 1 ? PLAYER_1 : PLAYER_2 }),
    text(x, y + 4.3, String(player), { 'font-size': 12, 'font-weight': 'bold', 'text-anchor': 'middle', fill: '#ffffff' }),
  ]);
}

/** The legend under the board: a band or a digit in its colour, and what it means. */
export function legendRows(legend: readonly LegendItem[], { legendTop, bandWidth }: SheetLayout): string[] {
  return legend.map((item, i) => {
    const y = legendTop + i * 20;
    const mark =
      item.kind === 'band'
        ? line(MARGIN, y - 4, MARGIN + 24, y - 4, { stroke: item.colour, 'stroke-width': bandWidth, 'stroke-linecap': 'round' })
        : item.kind === 'swatch' && item.swatch
          ? item.swatch(MARGIN, y - 4)
          : text(MARGIN + 12, y, '7', { 'font-size': LEGEND_SIZE + 1, 'text-anchor': 'middle', fill: item.colour });
    return g({ class: 'legend' }, [mark, text(MARGIN + 34, y, item.label, { 'font-size': LEGEND_SIZE, fill: INK })]);
  });
}

/**
 * A tint per block such that blocks sharing an edge differ: the first colouring in block order
 * (the greedy one whenever greedy fits in the tints), found by backtracking so a block order that
 * would drive greedy past five tints still gets a proper colouring (the blocks of a board form a
 * planar map: four colours always suffice).
 */
export function blockTints(n: number, regions: ArrayLike<number>): string[] {
  const adjacent: Array<Set<number>> = Array.from({ length: n }, () => new Set<number>());
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (const [dr, dc] of EDGE_NEIGHBOUR) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
        const a = regions[r * n + c]!;
        const b = regions[rr * n + cc]!;
        if (a !== b) adjacent[a]!.add(b);
      }
    }
  }
  const colour = new Array<number>(n).fill(-1);
  const place = (block: number): boolean => {
    if (block === n) return true;
    for (let k = 0; k < BLOCK_TINTS.length; k++) {
      let free = true;
      for (const b of adjacent[block]!) if (colour[b] === k) free = false;
      if (!free) continue;
      colour[block] = k;
      if (place(block + 1)) return true;
    }
    colour[block] = -1;
    return false;
  };
  if (!place(0)) throw new Error('internal: no block colouring with five tints (the block map is not planar)');
  return colour.map((k) => BLOCK_TINTS[k]!);
}
