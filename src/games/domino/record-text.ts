/**
 * Whole game records in the sheet's layout, read and written.
 *
 * The sheet writes a game as a table with one column per player: a header row of player names,
 * then each player's moves in order, closed by that player's sum; footnotes follow. As text this
 * comes in two shapes, and both are read:
 *
 *   columns (the sheet as printed: one cell per player, cells closed by "|")
 *     … legend …:| Spieler A | Spieler B | Spieler C | Spieler D | Spieler A gewinnt … |
 *     |
 *     [4/9] (4,6/4,9) [3/6] (4,5/4,2) … [3/5] ( 0 ) [1/7] ( 0 ) -8 -8 = -16 |
 *     [5/9] (5,2/5,3) … |
 *     …
 *     *) +10 Punkte
 *
 *   table (a markdown table: one line per round, one cell per player)
 *     | Spieler A       | Spieler B       | …
 *     |-----------------|-----------------|
 *     | [4/9] (4,6/4,9) | [5/9] (5,2/5,3) | …
 *     | -8 -8 = -16     | -4 -3 = -7      | …
 *
 * A column's cell may span lines; a line starting with a footnote mark (`*)`, `**)`) ends it.
 * Sentences such as "Spieler B hat gewonnen" or "Spieler A gewinnt …" anywhere outside the moves
 * are kept as the record's winner claims, for the replay to check.
 */

import { formatEntry, formatTotals, parseEntries, SourceText, type At, type Entry, type Totals } from './notation.ts';

export interface RecordColumn {
  entries: Array<{ entry: Entry; at: At }>;
  totals: (Totals & { at: At }) | null;
}

export interface WinnerClaim {
  name: string;
  text: string;
  at: At;
}

export interface RecordText {
  players: string[];
  columns: RecordColumn[];
  winnerClaims: WinnerClaim[];
}

const PLAYER_CELL = /^\s*(?:Spieler(?:in)?|Player)\s+(\S+)\s*$/i;
const WINNER = /(?:Spieler(?:in)?|Player)\s+(\S+?)\s+(?:gewinnt|hat\s+gewonnen|wins|has\s+won)[^|\n]*/gi;
const FOOTNOTE_LINE = /^[ \t]*\*{1,2}\)/;

/** Read a record; every problem is an InputError with line and column. */
export function parseRecordText(text: string, source: string): RecordText {
  const src = new SourceText(text, source);
  const header = findHeader(text);
  if (!header) throw src.error(0, 'no player header: expected a line such as "| Spieler A | Spieler B |"');
  const players = header.players;
  if (players.length < 2 || players.length > 4) throw src.error(header.offset, `Domino-SUDOKU is played by 2 to 4 players, the header names ${players.length}`);
  const dup = players.find((p, i) => players.indexOf(p) !== i);
  if (dup) throw src.error(header.offset, `player "${dup}" is named twice`);
  const claims: WinnerClaim[] = [];
  collectClaims(src, header.lineStart, header.lineEnd, claims);

  const body = header.lineEnd;
  const firstMovesLine = lineAround(text, text.indexOf('[', body));
  const isTable = firstMovesLine !== null && cellsOfLine(text, firstMovesLine.start, firstMovesLine.end).filter((c) => text.slice(c.start, c.end).includes('[')).length >= 2;
  const columns = isTable ? readTable(src, body, players.length, claims) : readColumns(src, body, players.length, claims);
  return { players, columns, winnerClaims: claims };
}

function findHeader(text: string): { players: string[]; offset: number; lineStart: number; lineEnd: number } | null {
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const players: string[] = [];
    let offset = -1;
    for (const cell of cellsOfLine(text, lineStart, lineEnd)) {
      const m = PLAYER_CELL.exec(text.slice(cell.start, cell.end));
      if (m) {
        if (offset < 0) offset = cell.start;
        players.push(m[1]!);
      }
    }
    if (players.length > 0 && text.slice(lineStart, lineEnd).includes('|')) return { players, offset, lineStart, lineEnd };
    lineStart = lineEnd + 1;
  }
  return null;
}

/** The `|`-separated cells of one line (text before the first and after the last bar included). */
function cellsOfLine(text: string, start: number, end: number): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i === end || text[i] === '|') {
      out.push({ start: from, end: i });
      from = i + 1;
    }
  }
  return out;
}

function lineAround(text: string, offset: number): { start: number; end: number } | null {
  if (offset < 0) return null;
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  return { start, end };
}

function collectClaims(src: SourceText, start: number, end: number, claims: WinnerClaim[]): void {
  const slice = src.text.slice(start, end);
  for (const m of slice.matchAll(WINNER)) {
    claims.push({ name: m[1]!, text: m[0].trim(), at: src.at(start + m.index!) });
  }
}

/** The sheet's shape: each `|`-closed cell after the header that holds moves is one player's column. */
function readColumns(src: SourceText, body: number, players: number, claims: WinnerClaim[]): RecordColumn[] {
  const text = src.text;
  const columns: RecordColumn[] = [];
  let from = body;
  for (let i = body; i <= text.length; i++) {
    if (i < text.length && text[i] !== '|') continue;
    let end = i;
    // a footnote line ends a cell (and is not part of it)
    const footnote = firstFootnoteLine(text, from, end);
    if (footnote >= 0) end = footnote;
    const cellText = text.slice(from, end);
    if (/[[\]]/.test(cellText)) {
      if (columns.length === players) throw src.error(from + cellText.search(/\S/), `one column of moves more than the ${players} players the header names`);
      columns.push(readCell(src, from, end));
    } else {
      collectClaims(src, from, end, claims);
    }
    if (end < i) collectClaims(src, end, i, claims);
    from = i + 1;
  }
  if (columns.length !== players) throw src.error(Math.max(0, text.length - 1), `the header names ${players} players but ${columns.length} columns of moves follow`);
  return columns;
}

function firstFootnoteLine(text: string, start: number, end: number): number {
  let lineStart = start;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    if (FOOTNOTE_LINE.test(text.slice(lineStart, lineEnd)) && (lineStart === 0 || text[lineStart - 1] === '\n')) return lineStart;
    lineStart = lineEnd + 1;
  }
  return -1;
}

function readCell(src: SourceText, start: number, end: number): RecordColumn {
  const { entries, totals } = parseEntries(src, start, end);
  return {
    entries: entries.map((e) => ({ entry: e.entry, at: src.at(e.offset) })),
    totals: totals ? { terms: totals.terms, total: totals.total, at: src.at(totals.offset) } : null,
  };
}

/** The markdown shape: every line with bars is a round, cell k belongs to player k. */
function readTable(src: SourceText, body: number, players: number, claims: WinnerClaim[]): RecordColumn[] {
  const text = src.text;
  const columns: RecordColumn[] = Array.from({ length: players }, () => ({ entries: [], totals: null }));
  let lineStart = body + 1;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (!line.includes('|') || /^[\s|:-]*$/.test(line)) {
      collectClaims(src, lineStart, lineEnd, claims);
      lineStart = lineEnd + 1;
      continue;
    }
    let cells = cellsOfLine(text, lineStart, lineEnd);
    if (line.trimStart().startsWith('|')) cells = cells.slice(1);
    if (line.trimEnd().endsWith('|')) cells = cells.slice(0, -1);
    cells.forEach((cell, k) => {
      const cellText = text.slice(cell.start, cell.end);
      if (cellText.trim() === '') return;
      if (k >= players) {
        if (/[[\]]/.test(cellText)) throw src.error(cell.start + cellText.search(/\S/), `a move in column ${k + 1}, but the header names ${players} players`);
        collectClaims(src, cell.start, cell.end, claims);
        return;
      }
      const column = columns[k]!;
      if (column.totals) throw src.error(cell.start + cellText.search(/\S/), `player column ${k + 1} continues after its closing sum`);
      const read = readCell(src, cell.start, cell.end);
      for (const e of read.entries) column.entries.push(e); // no spread: a cell may hold any number of moves
      column.totals = read.totals;
    });
    lineStart = lineEnd + 1;
  }
  return columns;
}

/** Write a record canonically, in the sheet's column shape (default) or as a markdown table. */
export function formatRecordText(record: RecordText, layout: 'columns' | 'table' = 'columns'): string {
  const header = '| ' + record.players.map((p) => `Spieler ${p}`).join(' | ') + ' |';
  const claims = record.winnerClaims.map((c) => `Spieler ${c.name} hat gewonnen.`);
  if (layout === 'columns') {
    const lines = [header, '|'];
    for (const column of record.columns) {
      const parts = column.entries.map((e) => formatEntry(e.entry));
      if (column.totals) parts.push(formatTotals(column.totals));
      lines.push(parts.join(' ') + ' |');
    }
    lines.push('|', ...claims);
    return lines.join('\n') + '\n';
  }
  const rows = Math.max(...record.columns.map((c) => c.entries.length + (c.totals ? 1 : 0)));
  const cell = (column: RecordColumn, i: number): string => {
    if (i < column.entries.length) return formatEntry(column.entries[i]!.entry);
    if (i === column.entries.length && column.totals) return formatTotals(column.totals);
    return '';
  };
  const lines = [header, '|' + record.players.map(() => '---').join('|') + '|'];
  for (let i = 0; i < rows; i++) lines.push('| ' + record.columns.map((c) => cell(c, i)).join(' | ') + ' |');
  lines.push(...claims);
  return lines.join('\n') + '\n';
}

