/**
 * Numbridge game pictures on the board picture's hex sheet (numbridge.ts): a deal's starting
 * position, a record replayed through the referee up to a move, and what one seat of a server
 * table sees (GET /tables/:id). All three become one `GamePosition` and are drawn alike:
 *
 *   cells     owned cells tinted in their player's colour with an inner ring (class `owned-1`,
 *             `owned-2`); givens bold on the bare cell (`given`, `taken` once owned); tiles laid
 *             right on a small tile (`placed`); with the solution (deals only) the other digits
 *             in teal (`solution`)
 *   mistakes  the rules' public mark (docs/RULES.md, "Mistakes and clocks": it appears briefly,
 *             "kurz", in red): the mistake of the move just made as a red ring with the digit that
 *             did not fit (`mistake`, `mistake-digit`); the earlier ones, which the view and the
 *             record keep, as a thin grey ring with their digits (`mistake earlier`)
 *   last move a green ring on its cell (`last-move`) and a line in the panel
 *   panel     per player: the hand (digits: `hand-digit`; face down: `hand-hidden`), mistakes,
 *             game time; the bag's size, who is to move, the result
 *
 * Secrets: a deal is drawn from its player form unless the solution is asked for (pictures.ts),
 * so its hands show face down and its bag as a count; a record is archived after the game with
 * its deal, so both hands show; a seat's state carries only its own hand, and nothing else of a
 * seat's answer is read for the hands (not even `record`, which it gets after the end).
 */
import { InputError } from '../core/errors.ts';
import { assertReadable } from '../core/schema.ts';
import { readNumbridgeDeal, readNumbridgeRecord } from '../games/numbridge/files.ts';
import { blockOwners } from '../games/numbridge/goals.ts';
import { replayNumbridge } from '../games/numbridge/replay.ts';
import type { GameResult, NumbridgeDealFile, NumbridgeRecordFile, RecordEntry } from '../games/numbridge/schema.ts';
import { NumbridgeDealFile as DealSchema } from '../games/numbridge/schema.ts';
import { flattenGrid, readBoardFile } from '../numbridge-board/board-file.ts';
import type { SeatState } from '../games/numbridge/seat-state.ts';
import { NUMBRIDGE_BOARD } from '../core/formats.ts';
import type { Lang } from '../core/lang.ts';
import { heading, MARGIN } from './heading.ts';
import { hexCenter, hexCorners, type HexLayout } from './hex.ts';
import { L, levelText, RESULT_REASONS } from './labels.ts';
import { blockBorders, cellHexagons, legendRows, rowAndColumnNumbers, sheetLayout, sideBadges, sideBandsAndOutline, type LegendItem, type SheetLayout } from './numbridge.ts';
import { INK, LAST_MOVE, LATE_ERROR, MUTED, PLACED_TILE, PLACED_TILE_EDGE, PLAYER_1, PLAYER_1_TINT, PLAYER_2, PLAYER_2_TINT, SOLUTION } from './palette.ts';
import type { PictureOptions } from './picture.ts';
import { g, polygon, rect, svgDocument, text, type Picture, type Point } from './svg.ts';
import { textWidth } from './text.ts';

type Player = 1 | 2;
type Pair<T> = readonly [T, T];

/** One player's hand as a picture may show it: the digits, or only how many tiles (face down). */
type ShownHand = { digits: readonly number[] } | { count: number };

/** Everything a game picture draws, whichever file it came from. Cells are r·N + c. */
interface GamePosition {
  size: number;
  regions: ArrayLike<number>;
  givens: ArrayLike<number>;
  digits: ArrayLike<number>;
  owner: ArrayLike<number>;
  /** Deals with the solution asked for: the digits of the empty cells. */
  solution: ArrayLike<number> | null;
  /** Every mistake so far; `fresh`: made by the move that led to this position (drawn red). */
  marks: readonly { cell: number; digit: number; fresh: boolean }[];
  lastMove: { player: Player | null; entry: RecordEntry | SeatLastMove } | null;
  hands: Pair<ShownHand>;
  bagSize: number;
  toMove: Player;
  movesLeft: number;
  mistakes: Pair<number>;
  timeouts: Pair<number>;
  /** Game time left per player, ms. */
  timeLeft: Pair<number>;
  /** A table's running turn, ms (seat views only). */
  turnLeft: number | null;
  /** Domains: the owner of each block, 0 undecided. */
  blocks: readonly number[] | null;
  result: GameResult | null;
  /** The seat a view belongs to (its hand is "you"). */
  seat: Player | null;
}

/** A seat's log entry as far as the picture reads it. */
interface SeatLastMove {
  kind: string;
  cell?: readonly number[];
  tile?: number;
  result?: string;
}

const PANEL_TEXT = 12.5;
const HAND_TILE = 20;

// ---------------------------------------------------------------- the three inputs

/** A deal's starting position: the player form shows the hands face down, the full file (with the solution asked for) their digits and the solution. */
export function numbridgeDealPicture(input: NumbridgeDealFile, options: PictureOptions): Picture {
  const where = { source: input.id ?? 'deal' };
  assertReadable<NumbridgeDealFile>(DealSchema, input, where);
  const pub = input.public;
  const n = pub.size;
  const withSecret = options.solution && input.secret !== undefined;
  let regions: ArrayLike<number>;
  let givens: ArrayLike<number>;
  let solution: ArrayLike<number> | null = null;
  let hands: Pair<ShownHand>;
  if (withSecret) {
    const { setup } = readNumbridgeDeal(input, where);
    ({ regions, givens } = setup);
    solution = setup.solution;
    hands = [{ digits: setup.hands[0] }, { digits: setup.hands[1] }];
  } else {
    const { board } = readBoardFile({ format: NUMBRIDGE_BOARD, version: 1, id: pub.boardId, public: { size: n, geometry: pub.geometry, blockShape: pub.blockShape, regions: pub.regions, givens: pub.givens, grade: pub.grade } }, where);
    ({ regions, givens } = board);
    hands = [{ count: pub.handSizes['1'] }, { count: pub.handSizes['2'] }];
  }
  const position: GamePosition = {
    size: n,
    regions,
    givens,
    digits: givens,
    owner: new Uint8Array(n * n),
    solution,
    marks: [],
    lastMove: null,
    hands,
    bagSize: pub.bagSize,
    toMove: 1,
    movesLeft: 1,
    mistakes: [0, 0],
    timeouts: [0, 0],
    timeLeft: [pub.room.gameSeconds * 1000, pub.room.gameSeconds * 1000],
    turnLeft: null,
    blocks: null,
    result: null,
    seat: null,
  };
  const { lang } = options;
  const givenCount = Array.from(givens).filter((d) => d > 0).length;
  const blocks = pub.blockShape === 'regular' ? L.regularBlocks[lang] : L.irregularBlocks[lang];
  const subtitle = [L.deal[lang], L.startPosition[lang], blocks, `${givenCount} ${L.givens[lang]}`, levelText('grade', pub.grade, lang), ...(solution ? [L.solution[lang]] : []), input.id].join(' · ');
  return drawGame(titleOf(n, pub.variant, lang), subtitle, position, lang, null);
}

/** A record replayed through the referee up to `options.turn` entries (default: all of them). */
export function numbridgeRecordPicture(input: NumbridgeRecordFile, options: PictureOptions): Picture {
  const where = { source: input.id ?? 'record' };
  const { file, setup, dealFile } = readNumbridgeRecord(input, where);
  const total = file.public.moves.length;
  const upTo = options.turn ?? total;
  if (!Number.isInteger(upTo) || upTo < 0 || upTo > total) {
    throw new InputError(where, `--turn ${upTo} is out of range: this record has ${total} move${total === 1 ? '' : 's'} (--turn 0..${total})`);
  }
  const moves = file.public.moves.slice(0, upTo);
  // an earlier position is the record cut there: the claimed result belongs to the whole game
  const { result: _claimed, ...upToHere } = file.public;
  const report = replayNumbridge({ ...file, public: upTo === total ? file.public : { ...upToHere, moves } }, setup, dealFile);
  const s = report.final;
  const n = s.size;
  const last = moves.at(-1);
  const position: GamePosition = {
    size: n,
    regions: s.regions,
    givens: s.givens,
    digits: s.digits,
    owner: s.owner,
    solution: null,
    marks: s.marks.map((m) => ({ cell: m.cell, digit: m.digit, fresh: m.ply === s.ply })),
    lastMove: last ? { player: 'player' in last ? last.player : null, entry: last } : null,
    hands: [{ digits: s.hands[0] }, { digits: s.hands[1] }],
    bagSize: s.bag.length,
    toMove: s.toMove,
    movesLeft: s.result ? 0 : s.movesLeft,
    mistakes: s.mistakes,
    timeouts: s.timeouts,
    timeLeft: s.timeLeft,
    turnLeft: null,
    // Domains: the referee's own block ownership (goals.ts), as a seat's view carries it
    blocks: s.variant === 'domains' ? Array.from(blockOwners(n, s.regions, s.owner, s.ownedAt).owner) : null,
    result: s.result,
    seat: null,
  };
  const { lang } = options;
  const names = file.public.players ? ` · ${file.public.players['1']} – ${file.public.players['2']}` : '';
  const subtitle = `${L.record[lang]}${names} · ${L.afterMove[lang]} ${upTo}/${total} · ${file.id}`;
  return drawGame(titleOf(n, s.variant, lang), subtitle, position, lang, report.contradictions.length);
}

/** What one seat of a table sees (the answer of GET /tables/:id): never more than that answer's view. */
export function seatPicture(state: SeatState, options: Pick<PictureOptions, 'lang'>): Picture {
  const view = state.view;
  const n = view.size;
  const flat = (rows: readonly (readonly number[])[]) => flattenGrid(rows as number[][], n, { source: state.id }, '/view');
  const seat = state.seat;
  const other: Player = seat === 1 ? 2 : 1;
  const hands: [ShownHand, ShownHand] = [{ count: 0 }, { count: 0 }];
  hands[seat - 1] = { digits: view.hand };
  hands[other - 1] = { count: view.handSizes[other] };
  const lastEntry = state.moves.at(-1);
  // the log may be a page (?since, ?limit): only its newest move is the last one
  const last = lastEntry && lastEntry.moveNumber === state.moveCount ? lastEntry : undefined;
  const over = view.result !== null;
  const position: GamePosition = {
    size: n,
    regions: flat(view.regions),
    givens: flat(view.givens),
    digits: flat(view.digits),
    owner: flat(view.owner),
    solution: null,
    marks: view.marks.map((m) => ({ cell: m.cell[0] * n + m.cell[1], digit: m.digit, fresh: m.ply === view.ply })),
    lastMove: last ? { player: last.player ?? null, entry: last } : null,
    hands,
    bagSize: view.bagSize,
    toMove: view.toMove,
    movesLeft: view.movesLeft,
    mistakes: [view.mistakes['1'], view.mistakes['2']],
    timeouts: [view.timeouts['1'], view.timeouts['2']],
    timeLeft: [state.clock.gameLeft['1'], state.clock.gameLeft['2']],
    turnLeft: over ? null : state.clock.turnLeft,
    blocks: view.blocks ?? null,
    result: view.result,
    seat,
  };
  const { lang } = options;
  const subtitle = `${L.table[lang]} ${state.id} · ${L.seatView[lang]} ${seat} · ${L.afterMove[lang]} ${state.moveCount}`;
  return drawGame(titleOf(n, view.variant, lang), subtitle, position, lang, null);
}

function titleOf(n: number, variant: 'bridge' | 'blitz' | 'domains', lang: Lang): string {
  return `${L.numbridge[lang]} ${n}×${n} · ${L[variant][lang]}`;
}

// ---------------------------------------------------------------- drawing

function drawGame(title: string, subtitle: string, p: GamePosition, lang: Lang, contradictions: number | null): Picture {
  const head = heading(title, subtitle);
  const legend = legendOf(p, lang);
  const sheet = sheetLayout(p.size, legend, head.right);
  const { bands, outline } = sideBandsAndOutline(sheet);
  const panel = panelRows(p, lang, contradictions);
  const panelTop = sheet.height - MARGIN + 8;
  let y = panelTop;
  const panelParts: string[] = [];
  let panelWidth = 0;
  for (const row of panel) {
    panelParts.push(row.draw(MARGIN, y));
    y += row.height;
    panelWidth = Math.max(panelWidth, row.width);
  }
  const tint = (cell: number) => {
    const o = p.owner[cell];
    return o === 1 ? { fill: PLAYER_1_TINT, className: 'owned-1' } : o === 2 ? { fill: PLAYER_2_TINT, className: 'owned-2' } : null;
  };
  const parts = [
    ...head.markup,
    cellHexagons(sheet, p.regions, tint),
    ownerRings(sheet, p.owner),
    ...bands,
    blockBorders(sheet, p.regions),
    outline,
    cellContents(sheet, p),
    markRings(sheet, p),
    rowAndColumnNumbers(sheet),
    ...sideBadges(sheet),
    ...legendRows(legend, sheet),
    g({ class: 'panel' }, panelParts),
  ];
  const width = Math.max(sheet.width, MARGIN * 2 + panelWidth);
  return svgDocument(width, y + MARGIN, `${title}, ${subtitle}`, parts);
}

/** A hexagon of cell (r, c) shrunk towards its centre (rings inside the cell). */
function innerHex(layout: HexLayout, r: number, c: number, scale: number): Point[] {
  const [cx, cy] = hexCenter(layout, r, c);
  return hexCorners(layout, r, c).map(([x, y]) => [cx + (x - cx) * scale, cy + (y - cy) * scale] as const);
}

/** Owned cells also get a ring in the player's full colour: the tint is not the only cue. */
function ownerRings({ n, layout, radius }: SheetLayout, owner: ArrayLike<number>): string {
  const rings: string[] = [];
  for (let cell = 0; cell < n * n; cell++) {
    const o = owner[cell];
    if (o !== 1 && o !== 2) continue;
    rings.push(polygon(innerHex(layout, Math.floor(cell / n), cell % n, 0.8), { class: `owner-ring-${o}`, stroke: o === 1 ? PLAYER_1 : PLAYER_2 }));
  }
  return g({ fill: 'none', 'stroke-width': Math.max(1.5, radius * 0.08) }, rings);
}

/** Givens (bold), tiles laid right (on a tile), the solution's digits (teal), the wrong digits of mistakes (red). */
function cellContents({ n, layout, radius }: SheetLayout, p: GamePosition): string {
  const digitSize = radius * 0.9;
  const parts: string[] = [];
  const wrong = new Map<number, number[]>();
  for (const m of p.marks) wrong.set(m.cell, [...(wrong.get(m.cell) ?? []), m.digit]);
  const fresh = new Set(p.marks.filter((m) => m.fresh).map((m) => m.cell));
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      const [x, y] = hexCenter(layout, r, c);
      const given = p.givens[cell]!;
      const digit = p.digits[cell]!;
      const owned = p.owner[cell] !== 0;
      const marks = wrong.get(cell);
      // an empty cell's mark sits in the middle; a later right tile is drawn smaller and higher,
      // with the mark's digits under it
      const markY = digit > 0 ? y + radius * 0.66 : y + digitSize * 0.25;
      if (given > 0) {
        parts.push(text(x, y + digitSize * 0.36, String(given), { class: owned ? 'given taken' : 'given', 'font-size': digitSize, 'font-weight': 'bold', fill: INK }));
      } else if (digit > 0) {
        const side = radius * (marks ? 0.82 : 1.05);
        const middle = y - radius * (marks ? 0.16 : 0.04);
        const size = side * 0.79;
        parts.push(
          g({ class: 'placed' }, [
            rect(x - side / 2, middle - side / 2, side, side, { rx: side * 0.16, fill: PLACED_TILE, stroke: PLACED_TILE_EDGE, 'stroke-width': 1 }),
            text(x, middle + size * 0.39, String(digit), { class: 'placed-digit', 'font-size': size, fill: INK }),
          ]),
        );
      } else if (p.solution && !marks) {
        const size = digitSize * 0.85;
        parts.push(text(x, y + size * 0.36, String(p.solution[cell]), { class: 'solution', 'font-size': size, fill: SOLUTION }));
      }
      if (marks) {
        const size = digit > 0 ? radius * 0.36 : digitSize * 0.7;
        const red = fresh.has(cell);
        parts.push(text(x, markY, marks.join(' '), { class: red ? 'mistake-digit' : 'mistake-digit earlier', 'font-size': size, 'font-weight': 'bold', fill: red ? LATE_ERROR : MUTED }));
      }
    }
  }
  return g({ 'text-anchor': 'middle' }, parts);
}

/** The ring of every cell with a mistake (red for the move just made, thin grey before), and the green ring of the last move's cell. */
function markRings({ n, layout, radius }: SheetLayout, p: GamePosition): string {
  const rings: string[] = [];
  const fresh = new Set(p.marks.filter((m) => m.fresh).map((m) => m.cell));
  const marked = new Set(p.marks.map((m) => m.cell));
  const dashes = `${(radius * 0.28).toFixed(2)} ${(radius * 0.14).toFixed(2)}`;
  for (const cell of [...marked].sort((a, b) => a - b)) {
    const red = fresh.has(cell);
    rings.push(
      polygon(innerHex(layout, Math.floor(cell / n), cell % n, 0.88), {
        class: red ? 'mistake' : 'mistake earlier',
        stroke: red ? LATE_ERROR : MUTED,
        'stroke-width': red ? Math.max(2, radius * 0.1) : Math.max(1, radius * 0.04),
        'stroke-dasharray': dashes,
      }),
    );
  }
  const cell = lastCell(p);
  if (cell !== null) rings.push(polygon(innerHex(layout, Math.floor(cell / n), cell % n, 0.7), { class: 'last-move', stroke: LAST_MOVE, 'stroke-width': Math.max(2.5, radius * 0.12) }));
  return g({ fill: 'none' }, rings);
}

function lastCell(p: GamePosition): number | null {
  const at = p.lastMove ? cellOf(p.lastMove.entry) : null;
  return at ? at[0] * p.size + at[1] : null;
}

function cellOf(e: RecordEntry | SeatLastMove): readonly [number, number] | null {
  return 'cell' in e && e.cell ? [e.cell[0]!, e.cell[1]!] : null;
}

function legendOf(p: GamePosition, lang: Lang): LegendItem[] {
  const hexSwatch = (fill: string, stroke: string, className: string) => (x: number, y: number) =>
    polygon(
      [0, 1, 2, 3, 4, 5].map((k) => {
        const a = ((60 * k - 90) * Math.PI) / 180;
        return [x + 12 + 8.5 * Math.cos(a), y + 8.5 * Math.sin(a)] as const;
      }),
      { class: className, fill, stroke, 'stroke-width': 1.5 },
    );
  const items: LegendItem[] = [
    { kind: 'band', colour: PLAYER_1, label: L.player1Joins[lang] },
    { kind: 'band', colour: PLAYER_2, label: L.player2Joins[lang] },
    { kind: 'swatch', colour: PLAYER_1, label: L.ownedBy1[lang], swatch: hexSwatch(PLAYER_1_TINT, PLAYER_1, 'legend-owned-1') },
    { kind: 'swatch', colour: PLAYER_2, label: L.ownedBy2[lang], swatch: hexSwatch(PLAYER_2_TINT, PLAYER_2, 'legend-owned-2') },
    { kind: 'swatch', colour: INK, label: L.given[lang], swatch: (x, y) => text(x + 12, y + 5, '7', { 'font-size': 14, 'font-weight': 'bold', 'text-anchor': 'middle', fill: INK }) },
    {
      kind: 'swatch',
      colour: INK,
      label: L.placedTile[lang],
      swatch: (x, y) => g({}, [rect(x + 4, y - 8, 16, 16, { rx: 2.5, fill: PLACED_TILE, stroke: PLACED_TILE_EDGE, 'stroke-width': 1 }), text(x + 12, y + 4.5, '7', { 'font-size': 12.5, 'text-anchor': 'middle', fill: INK })]),
    },
    {
      kind: 'swatch',
      colour: LATE_ERROR,
      label: L.mistakeMark[lang],
      swatch: (x, y) => g({}, [hexSwatch('none', LATE_ERROR, 'legend-mistake')(x, y), text(x + 12, y + 4, '4', { 'font-size': 11, 'font-weight': 'bold', 'text-anchor': 'middle', fill: LATE_ERROR })]),
    },
    {
      kind: 'swatch',
      colour: MUTED,
      label: L.earlierMistake[lang],
      swatch: (x, y) => g({}, [hexSwatch('none', MUTED, 'legend-mistake-earlier')(x, y), text(x + 12, y + 4, '4', { 'font-size': 11, 'font-weight': 'bold', 'text-anchor': 'middle', fill: MUTED })]),
    },
    { kind: 'swatch', colour: LAST_MOVE, label: L.lastMove[lang], swatch: hexSwatch('none', LAST_MOVE, 'legend-last-move') },
  ];
  if (p.solution) items.push({ kind: 'digit', colour: SOLUTION, label: L.solutionDigits[lang] });
  return items;
}

// ---------------------------------------------------------------- the panel under the legend

interface PanelRow {
  height: number;
  width: number;
  draw: (x: number, y: number) => string;
}

function textRow(content: string, options: { bold?: boolean; colour?: string; className?: string } = {}): PanelRow {
  return {
    height: PANEL_TEXT + 8,
    width: textWidth(content, PANEL_TEXT, options.bold ? 'bold' : 'regular'),
    draw: (x, y) => text(x, y + PANEL_TEXT, content, { class: options.className, 'font-size': PANEL_TEXT, 'font-weight': options.bold ? 'bold' : undefined, fill: options.colour ?? INK }),
  };
}

/** A player's line: badge, name, hand tiles (digits or face down), counters and clock. */
function playerRow(p: GamePosition, player: Player, lang: Lang): PanelRow {
  const hand = p.hands[player - 1]!;
  const i = player - 1;
  const name = `${L[player === 1 ? 'player1' : 'player2'][lang]}${p.seat === player ? ` (${L.you[lang]})` : ''}${p.toMove === player && !p.result ? ` · ${L.toMove[lang]}` : ''}`;
  const tiles = 'digits' in hand ? hand.digits.length : hand.count;
  const after = `${'count' in hand ? `${hand.count} ${L.tiles[lang]} ${L.faceDown[lang]} · ` : ''}${L.mistakes[lang]}: ${p.mistakes[i]}${p.timeouts[i]! > 0 ? ` (${L.lapsed[lang]}: ${p.timeouts[i]})` : ''} · ${L.gameTime[lang]} ${clockText(p.timeLeft[i]!)}`;
  const nameWidth = 26 + textWidth(name, PANEL_TEXT, 'bold') + 12;
  const tilesWidth = tiles * (HAND_TILE + 4) + (tiles > 0 ? 8 : 0);
  return {
    height: HAND_TILE + 10,
    width: nameWidth + tilesWidth + textWidth(after, PANEL_TEXT),
    draw: (x, y) => {
      const mid = y + HAND_TILE / 2;
      const parts = [
        polygon([[x + 9, mid - 9], [x + 17, mid], [x + 9, mid + 9], [x + 1, mid]], { fill: player === 1 ? PLAYER_1 : PLAYER_2 }),
        text(x + 26, mid + 4.5, name, { 'font-size': PANEL_TEXT, 'font-weight': 'bold', fill: INK }),
      ];
      let tx = x + nameWidth;
      for (let k = 0; k < tiles; k++) {
        const tileX = tx + k * (HAND_TILE + 4);
        if ('digits' in hand) {
          parts.push(
            g({ class: `hand-tile hand-${player}` }, [
              rect(tileX, y, HAND_TILE, HAND_TILE, { rx: 3, fill: PLACED_TILE, stroke: PLACED_TILE_EDGE, 'stroke-width': 1 }),
              text(tileX + HAND_TILE / 2, y + HAND_TILE * 0.72, String(hand.digits[k]), { class: 'hand-digit', 'font-size': HAND_TILE * 0.68, 'text-anchor': 'middle', fill: INK }),
            ]),
          );
        } else {
          parts.push(rect(tileX, y, HAND_TILE, HAND_TILE, { class: `hand-hidden hand-${player}`, rx: 3, fill: '#c9bfa8', stroke: PLACED_TILE_EDGE, 'stroke-width': 1 }));
        }
      }
      tx += tilesWidth;
      parts.push(text(tx, mid + 4.5, after, { class: `counters-${player}`, 'font-size': PANEL_TEXT, fill: MUTED }));
      return g({ class: `player-${player}` }, parts);
    },
  };
}

function panelRows(p: GamePosition, lang: Lang, contradictions: number | null): PanelRow[] {
  const rows: PanelRow[] = [playerRow(p, 1, lang), playerRow(p, 2, lang)];
  const facts = [`${L.bag[lang]}: ${p.bagSize} ${L.tiles[lang]}`];
  if (!p.result && p.movesLeft > 1) facts.push(`${p.movesLeft} ${L.movesLeft[lang]}`);
  if (p.turnLeft !== null) facts.push(`${L.turnLeft[lang]} ${clockText(p.turnLeft)}`);
  if (p.blocks) facts.push(`${L.blocksOwned[lang]}: ${p.blocks.filter((b) => b === 1).length} : ${p.blocks.filter((b) => b === 2).length}`);
  rows.push(textRow(facts.join(' · '), { className: 'bag' }));
  const last = lastMoveText(p, lang);
  if (last) rows.push(textRow(`${capitalFirst(L.lastMove[lang])}: ${last}`, { className: 'last-move-text' }));
  if (p.result) {
    const r = p.result;
    const who = r.winner === null ? L.noWinner[lang] : `${L.winner[lang]}: ${L[r.winner === 1 ? 'player1' : 'player2'][lang]}`;
    rows.push(textRow(`${capitalFirst(L.gameOver[lang])} — ${who} (${RESULT_REASONS[r.reason][lang]})`, { bold: true, className: 'result' }));
  }
  if (contradictions) rows.push(textRow(`${capitalFirst(L.contradictions[lang])}: ${contradictions}`, { colour: LATE_ERROR, className: 'contradictions' }));
  return rows;
}

function capitalFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The last entry in words: what it was and, for a place, whether it was right. */
function lastMoveText(p: GamePosition, lang: Lang): string | null {
  const last = p.lastMove;
  if (!last) return null;
  const e = last.entry as SeatLastMove;
  const who = last.player ? `${L[last.player === 1 ? 'player1' : 'player2'][lang]} ` : '';
  const cell = cellOf(e);
  const at = cell ? `r${cell[0] + 1}c${cell[1] + 1}` : '';
  switch (e.kind) {
    case 'place':
      return `${who}${L.lastPlace[lang]} ${e.tile} ${L.on[lang]} ${at}${e.result === 'wrong' ? ` — ${L.lastPlaceWrong[lang]}` : ''}`;
    case 'take':
      return `${who}${L.lastTake[lang]} ${at}`;
    case 'swap':
      return `${who}${L.lastSwap[lang]}`;
    case 'skip':
      return `${who}${L.lastSkip[lang]}`;
    case 'timeout':
      return `${who}${e.result === 'time-up' ? L.lastTimeUp[lang] : L.lastTimeout[lang]}`;
    case 'resign':
      return `${who}${L.lastResign[lang]}`;
    case 'draw':
      return L.lastDraw[lang];
    case 'adjourn':
      return L.lastAdjourn[lang];
    default:
      return null;
  }
}

/** ms → "m:ss" (or "h:mm:ss"), rounded down to the second as a clock shows it. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
