/**
 * The offline index page of a corpus folder (a daily set, a `generate --out` directory, any folder
 * of puzzle files): one section per puzzle with its picture as inline SVG, its grade or level,
 * the day's one-line summary and — for Murder cases — every card's clue texts as text. No external
 * CSS, scripts or fonts: the page works from the file system.
 *
 *   DIR/*.json, DIR/*.ndjson   every drawable file; a player form and its full file are one puzzle
 *   an index file              (a daily index: the caller's `readIndex` knows it) gives the
 *                              order, slot names and summaries
 *   --solution                 a closed <details> under each picture holds the solution picture
 *   printed                    one puzzle a page, no table of contents and no toggles; with
 *                              --solution each solution on the page after its puzzle (print CSS)
 *
 * Render reads no pipeline format: which file is an index, and what it says, comes in as plain
 * data from the caller (the CLI hands in the daily index's reader), so arrows point down only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.ts';
import { formatName } from '../core/formats.ts';
import { L } from './labels.ts';
import { type Lang } from '../core/lang.ts';
import { pagePartsOf } from './page-parts.ts';
import type { PictureOptions } from './picture.ts';
import { drawableFormats, pictureOf } from './pictures.ts';
import { esc } from './svg.ts';

export interface CorpusPage {
  html: string;
  /** Puzzles on the page. */
  count: number;
  /** One line per file that could not be read (the page lists them too). */
  problems: string[];
}

/** One puzzle as an index names it: the page's heading and summary for the file of that id and format. */
export interface PageEntry {
  slot: string;
  id: string;
  format: string;
  summary: string;
}

/** What an index file of the folder says: the page's title (a date) and the puzzles in order. */
export interface PageIndex {
  heading: string;
  entries: PageEntry[];
}

/** Recognises an index file among the folder's JSON values (null: not an index). */
export type PageIndexReader = (value: unknown) => PageIndex | null;

/** A folder's drawable puzzles, gathered once for every page or booklet made of it. */
export interface Gathered {
  /** Every drawable puzzle once (a player form and its full file are one: the full file is kept), in the index's order, then by file name. */
  found: Found[];
  /** The index's entry of a puzzle, by file name. */
  bySlot: Map<string, PageEntry>;
  index: PageIndex | null;
  /** One line per file that could not be read. */
  problems: string[];
}

/** One drawable puzzle of a folder: its JSON value, file name (inside the folder) and NDJSON line. */
export interface Found {
  value: Record<string, unknown>;
  file: string;
  line?: number;
  hasSecret: boolean;
}

/** The drawable puzzles of a folder (`*.json`, `*.ndjson`), as the HTML page and the booklet (pdf.ts) read it. */
export function gatherFolder(dir: string, readIndex: PageIndexReader = () => null): Gathered {
  const problems: string[] = [];
  const drawable = new Set(drawableFormats());
  const found = new Map<string, Found>();
  let index: PageIndex | null = null;

  const files = readdirSync(dir).filter((name) => /\.(nd)?json$/.test(name)).sort();
  for (const name of files) {
    const path = join(dir, name);
    let values: Array<{ value: unknown; line?: number }>;
    try {
      values = parseFile(path, name.endsWith('.ndjson'));
    } catch (e) {
      problems.push((e as Error).message);
      continue;
    }
    for (const { value, line } of values) {
      const asIndex = readIndex(value);
      if (asIndex) {
        index = asIndex;
        continue;
      }
      const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      if (!record || typeof record.format !== 'string' || !drawable.has(record.format)) continue; // manifests, indexes, other files
      const key = `${record.format}\u0000${String(record.id)}`;
      const hasSecret = record.secret !== undefined;
      const previous = found.get(key);
      if (!previous || (hasSecret && !previous.hasSecret)) found.set(key, { value: record, file: name, ...(line ? { line } : {}), hasSecret });
    }
  }

  // order: the index's slots first (in its order), then everything else by file name
  const bySlot = new Map<string, PageEntry>();
  const ordered: Found[] = [];
  if (index) {
    for (const entry of index.entries) {
      const hit = [...found.values()].find((f) => f.value.id === entry.id && f.value.format === entry.format);
      if (hit && !ordered.includes(hit)) {
        ordered.push(hit);
        bySlot.set(hit.file, entry);
      }
    }
  }
  for (const f of [...found.values()].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0))) if (!ordered.includes(f)) ordered.push(f);
  return { found: ordered, bySlot, index, problems };
}

export function corpusPage(dir: string, options: PictureOptions, readIndex: PageIndexReader = () => null): CorpusPage {
  const { found: ordered, bySlot, index, problems } = gatherFolder(dir, readIndex);

  const sections: string[] = [];
  const key: string[] = [];
  const toc: string[] = [];
  ordered.forEach((f, i) => {
    const where = { source: join(dir, f.file), ...(f.line ? { line: f.line } : {}) };
    try {
      const player = pictureOf(f.value, where, { ...options, solution: false });
      const solved = options.solution && f.hasSecret ? pictureOf(f.value, where, options) : null;
      const entry = bySlot.get(f.file);
      const anchor = `p${i + 1}`;
      const heading = entry?.slot ?? player.id;
      toc.push(`<li><a href="#${anchor}">${esc(heading)}</a> <span class="muted">${esc(indexSummary(entry, options.lang) ?? shortMeta(f.value, player.picture.svg, options.lang))}</span></li>`);
      sections.push(section(anchor, heading, f, entry, player.picture.svg, solved?.picture.svg ?? null, options.lang));
      if (solved) key.push(printSolution(heading, solved.picture.svg, options.lang));
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push(e.message);
    }
  });

  const title = index ? `puzzlemill · ${index.heading}` : `puzzlemill · ${dir.replace(/[\\/]+$/, '').split(/[\\/]/).pop()}`;
  const html = page(title, options.lang, toc, sections, key, problems);
  return { html, count: sections.length, problems };
}

/** Larger files are listed as unreadable, not loaded (the CLI's limit for one JSON document). */
export const MAX_PAGE_FILE_BYTES = 64 * 1024 * 1024;

/** The values of one file: a JSON document, or NDJSON (one object per line; also in a .json file). */
function parseFile(path: string, ndjson: boolean): Array<{ value: unknown; line?: number }> {
  const stat = statSync(path);
  if (!stat.isFile()) throw new InputError({ source: path }, 'not a file');
  if (stat.size > MAX_PAGE_FILE_BYTES) throw new InputError({ source: path }, `larger than ${MAX_PAGE_FILE_BYTES >> 20} MB: not read`);
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  let documentError: Error | null = null;
  if (!ndjson) {
    try {
      return [{ value: JSON.parse(text) }];
    } catch (e) {
      documentError = e as Error;
    }
  }
  const out: Array<{ value: unknown; line?: number }> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (l === '' || l.startsWith('#')) continue;
    try {
      out.push({ value: JSON.parse(l), line: i + 1 });
    } catch (e) {
      const reason = (documentError ?? (e as Error)).message.split('\n')[0];
      throw new InputError(documentError ? { source: path } : { source: path, line: i + 1 }, `not valid JSON (${reason})`);
    }
  }
  return out;
}

/**
 * The index's one-line summary of a puzzle, where the page's language is the summary's: the
 * verifier writes it in English ("9×9 regular, 30 givens, grade 2 (medium)"), so a German page
 * shows its own lines (shortMeta, the section's meta) instead.
 */
function indexSummary(entry: PageEntry | undefined, lang: Lang): string | undefined {
  return lang === 'en' ? entry?.summary : undefined;
}

/**
 * Grade or level and size, when the page has no daily summary; for a format without page parts
 * (game deals and records), its picture's title, which is in the page's language ("SuDoku – Das
 * Brettspiel, Austeilung · 2 Spieler"), not the format's id.
 */
function shortMeta(value: Record<string, unknown>, svg: string, lang: Lang): string {
  return pagePartsOf(String(value.format))?.short(value, lang) ?? pictureTitle(svg, String(value.id)) ?? formatName(String(value.format));
}

const UNESCAPED: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text of a picture's <title> (svg.ts svgDocument), without the file id it ends with. */
function pictureTitle(svg: string, id: string): string | undefined {
  const title = /<title>([^<]*)<\/title>/.exec(svg)?.[1]?.replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPED[e]!);
  return title?.endsWith(` · ${id}`) ? title.slice(0, -` · ${id}`.length) : title;
}

function section(anchor: string, heading: string, f: Found, entry: PageEntry | undefined, svg: string, solution: string | null, lang: Lang): string {
  const meta: string[] = [];
  const value = f.value;
  const own = pagePartsOf(String(value.format));
  if (own) meta.push(own.meta(value, lang));
  const summary = indexSummary(entry, lang);
  if (summary) meta.push(summary);
  meta.push(`<code>${esc(f.file)}${f.line ? `:${f.line}` : ''}</code>`, `<code>${esc(String(value.id))}</code>`);
  const html = [
    `<section id="${anchor}" class="puzzle">`,
    `<h2>${esc(heading)}</h2>`,
    `<p class="meta">${meta.map((m) => (m.startsWith('<code>') ? m : esc(m))).join(' · ')}</p>`,
    `<div class="picture">${inlineSvg(svg)}</div>`,
  ];
  if (own?.body) html.push(own.body(value, lang));
  if (solution) {
    const picture = inlineSvg(solution);
    html.push(`<details><summary>${esc(L.solution[lang])}</summary><div class="picture">${picture}</div></details>`);
  }
  html.push('</section>');
  return html.join('\n');
}

/**
 * A solution as paper shows it (a toggle cannot open there): a page of its own in the key, which
 * the page puts after every puzzle (were it right after its own puzzle, a duplex print would put
 * it on that puzzle's back).
 */
function printSolution(heading: string, solution: string, lang: Lang): string {
  return `<div class="print-solution"><h2>${esc(heading)} · ${esc(L.solution[lang])}</h2><div class="picture">${inlineSvg(solution)}</div></div>`;
}

/**
 * A picture inside the page: HTML puts an inline <svg> into the SVG namespace by itself, so the
 * namespace attribute (a URL, though never fetched) is dropped and the page holds no URL at all.
 */
function inlineSvg(svg: string): string {
  return svg.replace(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, '<svg');
}

const STYLE = `
body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:24px auto;max-width:1320px;padding:0 16px;color:#1b1b1b;background:#fafafa}
h1{font-size:22px}h2{font-size:18px;margin:0 0 4px}
.muted{color:#5f6368}.meta{color:#5f6368;font-size:13px;margin:0 0 10px}
section.puzzle{background:#fff;border:1px solid #dde1e4;border-radius:8px;padding:16px;margin:18px 0}
.picture svg{max-width:100%;height:auto}
ol.cards{columns:3 260px;font-size:13px}ol.cards>li{break-inside:avoid;margin-bottom:8px;list-style:none}
ol.cards ul{margin:2px 0 0 0;padding-left:18px}
details{margin-top:10px}summary{cursor:pointer;font-weight:bold}
nav ol{font-size:14px;line-height:1.6}.problems{color:#c92a2a}
code{font-size:12px}
.print-key{display:none}
@page{margin:12mm}
@media print{
body{background:#fff;margin:0;max-width:none;padding:0}
h1{font-size:14pt;margin:0 0 4mm}nav,details{display:none}
section.puzzle{break-inside:avoid;break-after:page;border:none;border-radius:0;margin:0;padding:0}
section.puzzle:last-of-type{break-after:auto}
.picture svg{display:block;max-width:100%;max-height:185mm;width:auto;margin:0 auto}
ol.cards{font-size:10pt;columns:3 55mm}.meta{font-size:9pt}
.print-key{display:block}.print-solution{break-before:page}.print-solution .picture svg{max-height:240mm}
}
`;

function page(title: string, lang: Lang, toc: string[], sections: string[], key: string[], problems: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${esc(title)}</h1>`,
    `<nav><ol>${toc.join('\n')}</ol></nav>`,
    problems.length > 0 ? `<div class="problems"><h2>${esc(L.unreadable[lang])}</h2><ul>${problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul></div>` : '',
    ...sections,
    ...(key.length > 0 ? ['<div class="print-key">', ...key, '</div>'] : []),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
