/**
 * Hex geometry of a Numbridge board (docs/RULES.md): pointy-top hexagons of circumradius R in a
 * rhombus, row r shifted r half-cells to the right.
 *
 *            corner 0                  w = √3·R      (width of a cell, flat side to flat side)
 *        5 ╱        ╲ 1                center(r, c) = ( x0 + w·(c + r/2),  y0 + 1.5·R·r )
 *         │  (r, c)  │                 corner k     = center + R·(cos θk, sin θk),  θk = 60°·k − 90°
 *        4 ╲        ╱ 2                               (SVG y points down: corner 0 is the top)
 *            corner 3
 *
 * Edge k joins corner k to corner k+1 and is shared with one neighbour:
 *
 *   edge 0 (upper right) (r−1, c+1)    edge 3 (lower left)  (r+1, c−1)
 *   edge 1 (right)       (r,   c+1)    edge 4 (left)        (r,   c−1)
 *   edge 2 (lower right) (r+1, c)      edge 5 (upper left)  (r−1, c)
 *
 * These are exactly the six hex neighbours of docs/RULES.md. Edges 0..2 of every cell cover each
 * inner edge once (its other cell sees it as edge k+3), so borders are drawn once each.
 */
import type { Point } from './svg.ts';

export interface HexLayout {
  size: number;
  /** Circumradius R. */
  radius: number;
  /** Centre of cell (0, 0). */
  x0: number;
  y0: number;
}

const SQRT3 = Math.sqrt(3);

/** The neighbour across edge k, as (Δr, Δc). */
export const EDGE_NEIGHBOUR: ReadonlyArray<readonly [number, number]> = [
  [-1, 1],
  [0, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
];

export function cellWidth(layout: HexLayout): number {
  return SQRT3 * layout.radius;
}

export function hexCenter(layout: HexLayout, r: number, c: number): Point {
  return [layout.x0 + cellWidth(layout) * (c + r / 2), layout.y0 + 1.5 * layout.radius * r];
}

function hexCorner(layout: HexLayout, r: number, c: number, k: number): Point {
  const [cx, cy] = hexCenter(layout, r, c);
  const angle = ((60 * k - 90) * Math.PI) / 180;
  return [cx + layout.radius * Math.cos(angle), cy + layout.radius * Math.sin(angle)];
}

export function hexCorners(layout: HexLayout, r: number, c: number): Point[] {
  return [0, 1, 2, 3, 4, 5].map((k) => hexCorner(layout, r, c, k));
}

/** The two end points of edge k of cell (r, c). */
export function hexEdge(layout: HexLayout, r: number, c: number, k: number): [Point, Point] {
  return [hexCorner(layout, r, c, k), hexCorner(layout, r, c, (k + 1) % 6)];
}

/** The extent of the whole rhombus (cell outlines, no labels). */
export function rhombusBounds(layout: HexLayout): { left: number; right: number; top: number; bottom: number } {
  const n = layout.size;
  const half = cellWidth(layout) / 2;
  return {
    left: hexCenter(layout, 0, 0)[0] - half,
    right: hexCenter(layout, n - 1, n - 1)[0] + half,
    top: layout.y0 - layout.radius,
    bottom: hexCenter(layout, n - 1, 0)[1] + layout.radius,
  };
}

/** Which side of the board an outer edge lies on; null for the two corner edges shared by two sides. */
export function boardSide(size: number, r: number, c: number, k: number): 'top' | 'bottom' | 'left' | 'right' | null {
  const [dr, dc] = EDGE_NEIGHBOUR[k]!;
  const rr = r + dr;
  const cc = c + dc;
  const rowOut = rr < 0 || rr >= size;
  const colOut = cc < 0 || cc >= size;
  if (rowOut && colOut) return null;
  if (rowOut) return rr < 0 ? 'top' : 'bottom';
  if (colOut) return cc < 0 ? 'left' : 'right';
  throw new RangeError(`edge ${k} of (${r}, ${c}) is not on the board's outline`);
}

/** True when edge k of (r, c) is on the outline of the board. */
export function isOuterEdge(size: number, r: number, c: number, k: number): boolean {
  const [dr, dc] = EDGE_NEIGHBOUR[k]!;
  const rr = r + dr;
  const cc = c + dc;
  return rr < 0 || rr >= size || cc < 0 || cc >= size;
}
