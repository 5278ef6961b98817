/**
 * A printable booklet (issue 29, section 1): the pictures of many puzzles as one vector PDF, laid
 * out by PDFKit, each picture our own SVG drawn into the page by svg-to-pdfkit (paths and text stay
 * vectors; the text is set in the shipped DejaVu fonts, embedded as subsets, so it is extractable).
 *
 *   paper        A4 (default) or Letter, portrait; a Murder case whose card text would print
 *                below 9 pt in the asked-for grid gets fewer puzzles a page or a landscape page
 *                (and, if even one a page on landscape is too small, a note on stderr)
 *   per page     1, 2, 4 or 6 puzzles (1 × 1, 1 × 2, 2 × 2, 2 × 3)
 *   title        a title page (the title, the date range of the puzzles when they carry dates, the
 *                count); every page carries a small running header and "page n of N" in the footer
 *   solutions    an answer key at the back: the solution pictures, 4 a page; a puzzle whose file
 *                has no `secret` (a player form) has none and is named in `missingSecret`
 *
 * Player forms print without solutions by construction: every puzzle page is drawn by `pictureOf`
 * with `solution: false`, which hands the drawer the file's player form.
 */
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { InputError, type InputPosition } from '../core/errors.ts';
import type { Lang } from '../core/lang.ts';
import { MURDER_CASE } from '../core/formats.ts';
import { FONT_FILES } from './font-files.ts';
import { MARGIN as PICTURE_MARGIN } from './heading.ts';
import { pictureOf, type Drawn } from './pictures.ts';

export type Paper = 'a4' | 'letter';
export const PAPERS: readonly Paper[] = ['a4', 'letter'];
export const PER_PAGE = [1, 2, 4, 6] as const;
export type PerPage = (typeof PER_PAGE)[number];

/** Points (1/72 inch), portrait. */
const PAPER_SIZE: Readonly<Record<Paper, [number, number]>> = { a4: [595.28, 841.89], letter: [612, 792] };
const GRID: Readonly<Record<PerPage, [number, number]>> = { 1: [1, 1], 2: [1, 2], 4: [2, 2], 6: [2, 3] };
const SIDE = 20;
const TOP = 22;
const BOTTOM = 22;
const GAP = 10;
const KEY_PER_PAGE: PerPage = 4;
/** The smallest card text a Murder case may print at (points). */
export const MIN_CARD_PT = 9;

const FONT = 'DejaVu';
const FONT_BOLD = 'DejaVu-Bold';

export interface BookletItem {
  value: unknown;
  where: InputPosition;
  /** A heading above the picture (a daily slot's name); none when absent. */
  label?: string;
  /** A date the puzzle is for (a daily folder's), for the title page's date range. */
  date?: string;
}

export interface BookletOptions {
  paper: Paper;
  perPage: PerPage;
  title?: string;
  solutions: boolean;
  lang: Lang;
}

export interface Booklet {
  pdf: Buffer;
  pages: number;
  puzzles: number;
  /** Pages of the answer key (0 without --solutions). */
  keyPages: number;
  /** Inputs that could not be drawn (one line each): not in the booklet. */
  problems: string[];
  /** Puzzles asked for in the answer key whose file has no `secret`: printed, but not in the key. */
  missingSecret: InputPosition[];
  /** Said on stderr: a layout changed for a Murder case, or card text under 9 pt. */
  notes: string[];
}

const WORDS = {
  page: { en: (n: number, of: number) => `Page ${n} of ${of}`, de: (n: number, of: number) => `Seite ${n} von ${of}` },
  solutions: { en: 'Solutions', de: 'Lösungen' },
  puzzles: { en: (n: number) => `${n} puzzle${n === 1 ? '' : 's'}`, de: (n: number) => `${n} Rätsel` },
  keyAtBack: { en: 'Solutions at the back', de: 'Lösungen am Ende' },
} as const;

interface Placed {
  drawn: Drawn;
  label?: string;
  landscape: boolean;
  perPage: PerPage;
}

interface Frame {
  width: number;
  height: number;
}

function frame(paper: Paper, landscape: boolean): Frame {
  const [w, h] = PAPER_SIZE[paper];
  return landscape ? { width: h, height: w } : { width: w, height: h };
}

/** A grid cell's size (points) for `perPage` on this page, a line left for a label. */
function cellOf(f: Frame, perPage: PerPage): { w: number; h: number; cols: number; rows: number } {
  const [cols, rows] = GRID[perPage];
  const w = (f.width - 2 * SIDE - (cols - 1) * GAP) / cols;
  const h = (f.height - TOP - BOTTOM - (rows - 1) * GAP) / rows;
  return { w, h, cols, rows };
}

const LABEL_H = 12;

/**
 * Points per SVG unit for a picture in a cell (whole picture visible, aspect kept). Every picture
 * has a white margin of its own (heading.ts MARGIN) on all sides; the drawing inside it fills the
 * cell and the white margin may lie over the page's margin or the gap.
 */
function scaleIn(picture: { width: number; height: number }, cell: { w: number; h: number }, labelled: boolean): number {
  return Math.min(cell.w / (picture.width - 2 * PICTURE_MARGIN), (cell.h - (labelled ? LABEL_H : 0)) / (picture.height - 2 * PICTURE_MARGIN));
}

/**
 * The booklet's creation date: fixed, so the same files and options give the same bytes (PDFKit
 * stamps the clock otherwise, and derives the file's /ID from it).
 */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/** The smallest card text of a Murder picture (SVG units): clues, facts, names. */
export function smallestCardText(svg: string): number | null {
  let min: number | null = null;
  for (const tag of svg.match(/<text\b[^>]*>/g) ?? []) {
    if (!/class="(clue|no-clue|fact|position|person-name)"/.test(tag)) continue;
    const size = Number(/font-size="([\d.]+)"/.exec(tag)?.[1]);
    if (Number.isFinite(size) && (min === null || size < min)) min = size;
  }
  return min;
}

/**
 * Where a puzzle goes: the asked-for grid on a portrait page, unless it is a Murder case whose card
 * text would land under 9 pt there — then the first of fewer-a-page portrait, then landscape, that
 * keeps 9 pt, else one a landscape page (the largest it can print) with a note.
 */
function placeOf(drawn: Drawn, label: string | undefined, paper: Paper, perPage: PerPage, notes: string[], where: string): Placed {
  const card = drawn.format === MURDER_CASE ? smallestCardText(drawn.picture.svg) : null;
  if (card === null) return { drawn, label, landscape: false, perPage };
  const tries: Array<{ landscape: boolean; perPage: PerPage }> = [];
  for (const landscape of [false, true]) for (const n of PER_PAGE) if (n <= perPage) tries.push({ landscape, perPage: n });
  tries.sort((a, b) => b.perPage - a.perPage || Number(a.landscape) - Number(b.landscape));
  const pt = (t: { landscape: boolean; perPage: PerPage }) => card * scaleIn(drawn.picture, cellOf(frame(paper, t.landscape), t.perPage), label !== undefined && t.perPage > 1);
  const fit = tries.find((t) => pt(t) >= MIN_CARD_PT - 1e-9);
  const chosen = fit ?? { landscape: true, perPage: 1 as PerPage };
  if (!fit) notes.push(`${where}: card text prints at ${pt(chosen).toFixed(1)} pt (under ${MIN_CARD_PT} pt even one a landscape page)`);
  else if (chosen.perPage !== perPage || chosen.landscape) notes.push(`${where}: Murder case printed ${chosen.perPage} a ${chosen.landscape ? 'landscape ' : ''}page so its card text is at least ${MIN_CARD_PT} pt (${pt(chosen).toFixed(1)} pt)`);
  return { drawn, label, ...chosen };
}

/** Consecutive puzzles of the same page kind share pages; a different kind starts a new page. */
function paginate(placed: Placed[]): Placed[][] {
  const pages: Placed[][] = [];
  for (const p of placed) {
    const last = pages.at(-1);
    const head = last?.[0];
    if (last && head && head.landscape === p.landscape && head.perPage === p.perPage && last.length < p.perPage) last.push(p);
    else pages.push([p]);
  }
  return pages;
}

/** The booklet as PDF bytes. Inputs that cannot be drawn are left out and listed in `problems`. */
export async function booklet(items: readonly BookletItem[], options: BookletOptions): Promise<Booklet> {
  const problems: string[] = [];
  const missingSecret: InputPosition[] = [];
  const notes: string[] = [];
  const puzzles: Placed[] = [];
  const key: Placed[] = [];
  const dates: string[] = [];
  // a booklet of several days names each puzzle by its day too: slot names repeat every day
  const manyDays = new Set(items.flatMap((i) => (i.date !== undefined ? [i.date] : []))).size > 1;
  for (const item of items) {
    const label = manyDays && item.date !== undefined ? (item.label !== undefined ? `${item.date} · ${item.label}` : item.date) : item.label;
    let player: Drawn;
    let solved: Drawn | null = null;
    try {
      player = pictureOf(item.value, item.where, { solution: false, lang: options.lang });
      if (options.solutions && player.hasSolution) {
        const full = pictureOf(item.value, item.where, { solution: true, lang: options.lang });
        if (full.solution) solved = full;
        else missingSecret.push(item.where);
      }
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push(e.message);
      continue;
    }
    const where = item.where.source + (item.where.line ? `:${item.where.line}` : '');
    puzzles.push(placeOf(player, label, options.paper, options.perPage, notes, where));
    if (solved) key.push({ drawn: solved, ...(label !== undefined ? { label } : {}), landscape: false, perPage: KEY_PER_PAGE });
    if (item.date) dates.push(item.date);
  }

  const doc = new PDFDocument({ size: PAPER_SIZE[options.paper], margin: 0, autoFirstPage: false, bufferPages: true, font: FONT_FILES.regular, info: { Title: options.title ?? 'puzzlemill', Creator: 'puzzlemill', Producer: 'puzzlemill', CreationDate: FIXED_DATE } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont(FONT, FONT_FILES.regular);
  doc.registerFont(FONT_BOLD, FONT_FILES.bold);

  const header = options.title ?? 'puzzlemill';
  const range = dateRange(dates);
  if (options.title !== undefined) titlePage(doc, options, range, puzzles.length, key.length > 0);
  const puzzlePages = paginate(puzzles);
  const running = range ? `${header} · ${range}` : header;
  for (const page of puzzlePages) drawPage(doc, page, options.paper, running);
  const keyPages = paginate(key);
  for (const page of keyPages) drawPage(doc, page, options.paper, `${running} · ${WORDS.solutions[options.lang]}`);

  // footers: "page n of N" on every page but the title page
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    if (options.title !== undefined && i === start) continue;
    doc.switchToPage(i);
    const w = doc.page.width;
    doc.font(FONT).fontSize(8).fillColor('#5f6368').text(WORDS.page[options.lang](i + 1, count), 0, doc.page.height - BOTTOM + 8, { width: w, align: 'center', lineBreak: false });
  }
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), pages: count, puzzles: puzzles.length, keyPages: keyPages.length, problems, missingSecret, notes };
}

function titlePage(doc: PDFKit.PDFDocument, options: BookletOptions, range: string | null, puzzles: number, hasKey: boolean): void {
  doc.addPage({ size: PAPER_SIZE[options.paper], margin: 0 });
  const w = doc.page.width;
  const x = 60;
  doc.font(FONT_BOLD).fontSize(28).fillColor('#1b1b1b').text(options.title ?? '', x, doc.page.height * 0.3, { width: w - 2 * x, align: 'center' });
  doc.moveDown(0.6);
  doc.font(FONT).fontSize(14).fillColor('#1b1b1b');
  if (range) doc.text(range, { width: w - 2 * x, align: 'center' });
  doc.text(WORDS.puzzles[options.lang](puzzles), { width: w - 2 * x, align: 'center' });
  // only when there is a key: --solutions over player forms prints none
  if (hasKey) doc.text(WORDS.keyAtBack[options.lang], { width: w - 2 * x, align: 'center' });
}

function drawPage(doc: PDFKit.PDFDocument, page: Placed[], paper: Paper, header: string): void {
  const first = page[0]!;
  const f = frame(paper, first.landscape);
  doc.addPage({ size: [f.width, f.height], margin: 0 });
  // one puzzle a page: its label (a daily slot) goes into the running header, the picture gets the line
  const alone = first.perPage === 1;
  const line = alone && first.label !== undefined ? `${header} · ${first.label}` : header;
  doc.font(FONT).fontSize(8).fillColor('#5f6368').text(line, SIDE, 9, { width: f.width - 2 * SIDE, align: 'left', lineBreak: false });
  const cell = cellOf(f, first.perPage);
  page.forEach((p, i) => {
    const col = i % cell.cols;
    const row = Math.floor(i / cell.cols);
    const x0 = SIDE + col * (cell.w + GAP);
    let y0 = TOP + row * (cell.h + GAP);
    const labelled = p.label !== undefined && !alone;
    const labelY = y0;
    if (labelled) y0 += LABEL_H;
    const s = scaleIn(p.drawn.picture, cell, labelled);
    const w = p.drawn.picture.width * s;
    const h = p.drawn.picture.height * s;
    const inner = (p.drawn.picture.width - 2 * PICTURE_MARGIN) * s;
    const x = x0 + (cell.w - inner) / 2 - PICTURE_MARGIN * s;
    SVGtoPDF(doc, forPdf(p.drawn.picture.svg), x, y0 - PICTURE_MARGIN * s, {
      width: w,
      height: h,
      assumePt: true, // our units are CSS px; the placed size above already scales them
      fontCallback: (_family: string, bold: boolean) => (bold ? FONT_BOLD : FONT),
      warningCallback: () => undefined,
    });
    // after the picture: its white background would cover the label otherwise
    if (labelled) doc.font(FONT_BOLD).fontSize(9).fillColor('#1b1b1b').text(p.label ?? '', x0, labelY, { width: cell.w, lineBreak: false });
  });
}

/**
 * Our SVG as svg-to-pdfkit draws it right: the root's own width and height (CSS px) dropped, so the
 * viewBox is fitted to the placed size; a halo label (stroke under the fill: `paint-order`, which
 * svg-to-pdfkit ignores, so the white stroke would cover the letters) becomes two texts — the halo,
 * then the letters over it.
 */
export function forPdf(svg: string): string {
  return svg
    .replace(/^<svg\b([^>]*)>/, (_m, attrs: string) => `<svg${attrs.replace(/\s(width|height)="[^"]*"/g, '')}>`)
    .replace(/<text\b([^>]*)\spaint-order="stroke"([^>]*)>([\s\S]*?)<\/text>/g, (_m, a: string, b: string, content: string) => {
      const attrs = a + b;
      const halo = attrs.replace(/\sfill="[^"]*"/, ' fill="#ffffff"');
      const letters = attrs.replace(/\sstroke(-[a-z]+)?="[^"]*"/g, '');
      return `<text${halo}>${content}</text><text${letters}>${content}</text>`;
    });
}

/** "2026-01-01 – 2026-01-07" (or one date) from the dates the puzzles carry; null when none does. */
function dateRange(dates: readonly string[]): string | null {
  const valid = dates.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  if (valid.length === 0) return null;
  const first = valid[0]!;
  const last = valid.at(-1)!;
  return first === last ? first : `${first} – ${last}`;
}
