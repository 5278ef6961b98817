import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { validator } from '../../src/core/schema.ts';
import { areAdjacent, cellOf, dominoId, dominoLabel, pips, sharesNumber } from '../../src/games/domino/dominoes.ts';
import { dealDomino, readDominoDeal, readDominoRecord } from '../../src/games/domino/files.ts';
import { formatEntry, parseEntry, type Entry } from '../../src/games/domino/notation.ts';
import { recordFromText } from '../../src/games/domino/record.ts';
import { formatRecordText, parseRecordText, type RecordText } from '../../src/games/domino/record-text.ts';
import { isOver, legalMoves, newGame, passTurn, playPlacement } from '../../src/games/domino/referee.ts';
import { formatReplay, replay, replayJson } from '../../src/games/domino/replay.ts';
import { DominoReplayJson, type DominoRecordFile } from '../../src/games/domino/schema.ts';
import { houseName } from '../../src/games/sudoku-board.ts';
import { findClash } from '../../src/sudoku/check.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { ROOT } from '../helpers/cli.ts';

const EXAMPLE = readFileSync(ROOT + 'test/fixtures/domino-example.txt', 'utf8');
const REGIONS = regularRegions(9);
const replayText = (text: string) => replay(recordFromText(parseRecordText(text, 'game.txt')));

describe('the sheet\'s example game (test/fixtures/domino-example.txt, verbatim from the sheet)', () => {
  const parsed = parseRecordText(EXAMPLE, 'example.txt');
  const report = replay(recordFromText(parsed));

  test('is read as four columns: seven turns each, then the dominoes left in hand and the sum', () => {
    expect(parsed.players).toEqual(['A', 'B', 'C', 'D']);
    expect(parsed.columns.map((c) => c.entries.length)).toEqual([9, 9, 10, 10]);
    expect(parsed.columns.map((c) => c.totals && [c.totals.terms, c.totals.total])).toEqual([
      [[-8, -8], -16],
      [[-4, -3], -7],
      [[-9, -5, -15], -29],
      [[10, -12, -15, -7], -24],
    ]);
    expect(parsed.winnerClaims.map((c) => [c.name, c.at.line])).toEqual([['A', 1], ['B', 9]]);
    expect(report.moves.filter((m) => m.turn !== null)).toHaveLength(28);
  });

  test('the referee\'s scores: A −16, B −7, C −29, D −24 (D\'s +10 for completing column 3); B wins', () => {
    expect(replayJson(report).scores).toEqual({ A: -16, B: -7, C: -29, D: -24 });
    expect(report.winners).toEqual(['B']);
    const s3 = report.moves.find((m) => m.completes.length > 0)!;
    expect(s3).toMatchObject({ player: 'D', turn: 20, notation: '[1/9] (1,9/1,8) ! S3 ! *)', completes: ['S3'], points: 10 });
  });

  test('both passes were right: C after [1/8] and D after [4/2] held no domino sharing a number', () => {
    const passes = report.moves.filter((m) => m.notation === '[ 0 ]');
    expect(passes.map((m) => [m.player, m.turn, m.legal])).toEqual([['C', 19, true], ['D', 24, true]]);
  });

  test('the contradictions with the rules, exactly', () => {
    expect(report.contradictions.map((c) => [c.kind, c.player, c.notation])).toEqual([
      ['annotated-violation', 'B', '[7/9] (8,7/8,8) **)'],
      ['unannotated-violation', 'B', '[1/8] (7,1/4,7)'],
      ['annotated-violation', 'C', '[2/5] (4,4/4,1) **)'],
      ['unplaceable-but-placeable', 'D', '[5/7] ( 0 )'],
      ['wrong-winner', 'A', 'Spieler A gewinnt die Partie mit 9 zu 3'],
    ]);
    expect(report.contradictions[1]!.detail).toBe('turn 18: the 8 on (4,7) r6c1 repeats the 8 on (4,3) r4c3 in F4 (not marked as an error)');
    expect(report.contradictions[1]!.at).toEqual({ line: 4, column: 69 });
  });

  test('the three rule breaks are real (checked with the independent clash finder)', () => {
    const board = new Uint8Array(81);
    const breaks: string[] = [];
    for (const turn of recordFromText(parsed).turns) {
      if (turn.entry?.kind !== 'place') continue;
      board[turn.entry.cells[0]] = turn.entry.first;
      board[turn.entry.cells[1]] = turn.entry.second;
      if (clashCount(board, turn.entry.cells) > 0) breaks.push(formatEntry(turn.entry));
    }
    expect(breaks).toEqual(['[7/9] (8,7/8,8) **)', '[1/8] (7,1/4,7)', '[2/5] (4,4/4,1) **)']);
  });

  test('D\'s [5/7] was not unplaceable: it shares the 5 with [5/8] and fits on (2,2/2,3)', () => {
    const board = report.final.board;
    const [x, y] = [cellOf(2, 2), cellOf(2, 3)];
    expect(board[x]).toBe(0);
    expect(board[y]).toBe(0);
    expect(areAdjacent(x, y)).toBe(true);
    expect(sharesNumber(dominoId(5, 7), report.final.last)).toBe(true);
    expect(dominoLabel(report.final.last)).toBe('[5/8]');
    const after = Uint8Array.from(board);
    after[x] = 7;
    after[y] = 5;
    expect(clashCount(after, [x, y])).toBe(0);
    expect(findClash(9, REGIONS, after)).not.toBeNull(); // the old errors are still there
  });

  test('--json has exactly the issue\'s shape and passes its schema', () => {
    const json = replayJson(report);
    expect(Object.keys(json)).toEqual(['moves', 'scores', 'winner', 'contradictions']);
    expect(json.moves[0]).toEqual({ player: 'A', turn: 1, notation: '[4/9] (4,6/4,9)', legal: true, violations: [], completes: [], points: 0 });
    expect(json.moves[13]).toMatchObject({ player: 'B', turn: 14, legal: false, violations: ['sudoku'] });
    expect(json.winner).toBe('B');
    expect(validator(DominoReplayJson)(json)).toBe(true);
  });

  test('printing the record and reading it back gives the same record, in both layouts', () => {
    for (const layout of ['columns', 'table'] as const) {
      const again = parseRecordText(formatRecordText(parsed, layout), 'printed.txt');
      expect(strip(again)).toEqual(strip(parsed));
      expect(replay(recordFromText(again)).contradictions.map((c) => c.kind)).toEqual(report.contradictions.map((c) => c.kind));
    }
  });
});

/** Pairs of equal digits sharing a house (optionally only pairs touching `cells`). */
function clashCount(board: Uint8Array, only?: readonly number[]): number {
  let n = 0;
  for (let a = 0; a < 81; a++) {
    for (let b = a + 1; b < 81; b++) {
      if (board[a] === 0 || board[a] !== board[b]) continue;
      if (only && !only.includes(a) && !only.includes(b)) continue;
      const sameRow = Math.floor(a / 9) === Math.floor(b / 9);
      if (sameRow || a % 9 === b % 9 || REGIONS[a] === REGIONS[b]) n++;
    }
  }
  return n;
}

/** A record without source positions (they differ between layouts). */
function strip(r: RecordText) {
  return { players: r.players, columns: r.columns.map((c) => ({ entries: c.entries.map((e) => e.entry), totals: c.totals && { terms: c.totals.terms, total: c.totals.total } })), winners: r.winnerClaims.map((c) => c.name) };
}

/** A faithful record of a random legal game: annotations, leftovers, sums and the winner as the referee sees them. */
function faithfulGame(players: number, seed: string): { text: RecordText; json: DominoRecordFile } {
  const rng = new Rng('faithful', seed);
  const deal = dealDomino(players, seed);
  let s = newGame(readDominoDeal(deal, { source: 'deal' }).hands);
  const columns: Entry[][] = Array.from({ length: players }, () => []);
  const moves: DominoRecordFile['public']['moves'] = [];
  const names = deal.public.names;
  while (!isOver(s)) {
    const seat = s.toMove;
    const options = legalMoves(s);
    if (options.length === 0) {
      s = passTurn(s).state;
      columns[seat]!.push({ kind: 'pass' });
      moves.push({ player: names[seat]!, kind: 'pass' });
      continue;
    }
    const p = rng.pick(options);
    const r = playPlacement(s, p);
    s = r.state;
    const completions = r.result.completes.map(houseName);
    columns[seat]!.push({ kind: 'place', first: p.first, second: p.second, cells: p.cells, lateError: false, completions, plusMark: completions.length > 0 });
    moves.push({ player: names[seat]!, kind: 'place', domino: [p.first, p.second], cells: p.cells.map((c) => [Math.floor(c / 9), c % 9]) as [[number, number], [number, number]], ...(completions.length ? { completions } : {}) });
  }
  const totals: Record<string, number> = {};
  const text: RecordText = {
    players: [...names],
    columns: columns.map((entries, seat) => {
      const left: Entry[] = [];
      for (let id = 0; id < 36; id++) if (s.holder[id] === seat) left.push({ kind: 'unplaceable', first: dominoLabelDigits(id)[0], second: dominoLabelDigits(id)[1] });
      const terms = [...entries.flatMap((e) => (e.kind === 'place' ? e.completions.map(() => 10) : [])), ...left.map((e) => (e.kind === 'unplaceable' ? -pips(dominoId(e.first, e.second)) : 0))];
      const total = terms.reduce((a, b) => a + b, 0);
      totals[names[seat]!] = total;
      return { entries: [...entries, ...left].map((entry) => ({ entry, at: { line: 0, column: 0 } })), totals: { terms, total, at: { line: 0, column: 0 } } };
    }),
    winnerClaims: [],
  };
  const best = Math.max(...Object.values(totals));
  const winner = names.find((n) => totals[n] === best)!;
  if (Object.values(totals).filter((t) => t === best).length === 1) text.winnerClaims.push({ name: winner, text: '', at: { line: 0, column: 0 } });
  const json: DominoRecordFile = {
    format: 'puzzlemill/domino-record',
    version: 1,
    id: `game-${seed}`,
    public: {
      players: [...names],
      hands: deal.public.hands,
      moves,
      leftovers: text.columns.flatMap((c, seat) => c.entries.filter((e) => e.entry.kind === 'unplaceable').map((e) => ({ player: names[seat]!, domino: [(e.entry as { first: number }).first, (e.entry as { second: number }).second] as [number, number] }))),
      totals,
      ...(text.winnerClaims.length ? { winner } : {}),
    },
  };
  return { text, json };
}

function dominoLabelDigits(id: number): [number, number] {
  const m = /\[(\d)\/(\d)\]/.exec(dominoLabel(id))!;
  return [Number(m[1]), Number(m[2])];
}

describe('faithful records of random games replay without a single contradiction', () => {
  test.each([[2, 'a'], [3, 'b'], [4, 'c'], [2, 'd'], [4, 'e']])('%i players, seed %s: sheet text (both layouts) and JSON agree', (players, seed) => {
    const { text, json } = faithfulGame(players, seed);
    for (const layout of ['columns', 'table'] as const) {
      const report = replayText(formatRecordText(text, layout));
      expect(report.contradictions).toEqual([]);
    }
    const fromJson = replay(readDominoRecord(json, { source: 'game.json' }));
    expect(fromJson.contradictions).toEqual([]);
    expect(replayJson(fromJson)).toEqual(replayJson(replayText(formatRecordText(text))));
  });
});

describe('every kind of contradiction is found', () => {
  const { text } = faithfulGame(3, 'mutations');
  const firstPlace = (seat: number) => text.columns[seat]!.entries.findIndex((e) => e.entry.kind === 'place');
  /** The record with one entry of one column replaced. */
  const withEntry = (seat: number, index: number, entry: Entry): RecordText => ({
    ...text,
    columns: text.columns.map((c, k) => (k === seat ? { ...c, entries: c.entries.map((e, i) => (i === index ? { ...e, entry } : e)) } : c)),
  });
  const kinds = (r: RecordText) => replayText(formatRecordText(r)).contradictions.map((c) => c.kind);

  test('a wrong total, and terms that do not add up', () => {
    const t = text.columns[0]!.totals!;
    expect(kinds({ ...text, columns: text.columns.map((c, k) => (k === 0 ? { ...c, totals: { ...t, total: t.total! - 1 } } : c)) })).toEqual(['wrong-sum', 'wrong-total']);
    expect(kinds({ ...text, columns: text.columns.map((c, k) => (k === 0 ? { ...c, totals: { ...t, terms: [...t.terms, -1], total: t.total! - 1 } } : c)) })).toEqual(['wrong-total']);
  });

  test('a legal move marked **) as a late-noticed error', () => {
    const i = firstPlace(1);
    const e = text.columns[1]!.entries[i]!.entry as Extract<Entry, { kind: 'place' }>;
    expect(kinds(withEntry(1, i, { ...e, lateError: true }))).toEqual(['annotated-but-legal']);
  });

  test('a completion marked that did not happen; *) alone on a move that completes nothing', () => {
    const i = firstPlace(0);
    const e = text.columns[0]!.entries[i]!.entry as Extract<Entry, { kind: 'place' }>;
    expect(kinds(withEntry(0, i, { ...e, completions: ['F5'], plusMark: true }))).toEqual(['false-completion']);
    expect(kinds(withEntry(0, i, { ...e, plusMark: true }))).toEqual(['false-completion']);
  });

  test('a winner the scores do not support', () => {
    const loser = text.players.find((p) => !text.winnerClaims.some((c) => c.name === p))!;
    expect(kinds({ ...text, winnerClaims: [{ name: loser, text: '', at: { line: 0, column: 0 } }] })).toEqual(['wrong-winner']);
  });

  test('a pass while a domino fits; a domino written off that fits; moves on taken or distant cells', () => {
    // turn 1 is A's first move: any domino fits an empty board
    expect(kinds(withEntry(0, 0, { kind: 'pass' }))).toContain('pass-but-placeable');
    const taken = text.columns[0]!.entries[0]!.entry as Extract<Entry, { kind: 'place' }>;
    const i = firstPlace(1);
    const e = text.columns[1]!.entries[i]!.entry as Extract<Entry, { kind: 'place' }>;
    expect(kinds(withEntry(1, i, { ...e, cells: taken.cells }))).toContain('impossible-move');
    expect(kinds(withEntry(1, i, { ...e, cells: [0, 80] }))).toContain('impossible-move');
  });

  test('a domino in two columns, and one in none', () => {
    const moved: RecordText = { ...text, columns: text.columns.map((c, k) => (k === 2 ? { ...c, entries: [...c.entries, text.columns[0]!.entries[0]!] } : c)) };
    expect(kinds(moved)).toContain('domino-twice');
    const dropped: RecordText = { ...text, columns: text.columns.map((c, k) => (k === 2 ? { ...c, entries: c.entries.filter((e) => e.entry.kind !== 'unplaceable') } : c)) };
    expect(kinds(dropped).filter((k) => k === 'domino-missing').length).toBe(text.columns[2]!.entries.filter((e) => e.entry.kind === 'unplaceable').length);
  });

  test('a player missing a turn while the game went on', () => {
    const cut: RecordText = { ...text, columns: text.columns.map((c, k) => (k === 0 ? { ...c, entries: c.entries.slice(1) } : c)) };
    expect(kinds(cut)).toContain('missing-turn');
  });
});

describe('the end of the game, and turns out of order', () => {
  test('the closing round of passes (every player in turn) is no contradiction; a placement after the end is', () => {
    const { text } = faithfulGame(3, 'closing');
    const passes: RecordText = { ...text, columns: text.columns.map((c) => ({ ...c, entries: [...c.entries.filter((e) => e.entry.kind !== 'unplaceable'), { entry: { kind: 'pass' }, at: { line: 0, column: 0 } }, ...c.entries.filter((e) => e.entry.kind === 'unplaceable')] })) };
    const report = replayText(formatRecordText(passes));
    expect(report.contradictions).toEqual([]);
    expect(report.moves.filter((m) => m.notation === '[ 0 ]').slice(-3).map((m) => m.says)).toEqual(new Array(3).fill('passes: no domino fits (the game is over)'));
    // a placement after the end: one of A's leftovers on two free neighbours
    const a = text.columns[0]!;
    const left = a.entries.find((e) => e.entry.kind === 'unplaceable')!.entry as Extract<Entry, { kind: 'unplaceable' }>;
    const board = replayText(formatRecordText(text)).final.board;
    const cells = [...Array(81).keys()].flatMap((x) => (x % 9 < 8 && board[x] === 0 && board[x + 1] === 0 ? [[x, x + 1] as const] : []))[0]!;
    const late: Entry = { kind: 'place', first: left.first, second: left.second, cells, lateError: false, completions: [], plusMark: false };
    const after: RecordText = { ...text, columns: text.columns.map((c, k) => (k === 0 ? { ...c, entries: [...c.entries.filter((e) => e.entry !== left), { entry: late, at: { line: 0, column: 0 } }] } : c)) };
    expect(replayText(formatRecordText(after)).contradictions.map((c) => c.kind)).toContain('move-after-end');
  });

  test('a JSON record naming a player out of turn: reported, and play goes on from the player named', () => {
    const record: DominoRecordFile = {
      format: 'puzzlemill/domino-record',
      version: 1,
      id: 'ooo',
      public: {
        players: ['A', 'B'],
        hands: [[[1, 2], [2, 3]], [[3, 4], [4, 5]]],
        moves: [
          { player: 'A', kind: 'place', domino: [1, 2], cells: [[0, 0], [0, 1]] },
          { player: 'A', kind: 'place', domino: [2, 3], cells: [[4, 4], [4, 5]] },
        ],
      },
    };
    const report = replay(readDominoRecord(record, { source: 'ooo.json' }));
    expect(report.contradictions.map((c) => [c.kind, c.detail])).toContainEqual(['out-of-turn', 'turn 2: A moved, but B was to move']);
    // A's own domino, not "not in hand": judged as A's move, and it is legal apart from the turn
    expect(replayJson(report).moves[1]).toEqual({ player: 'A', turn: 2, notation: '[2/3] (5,5/5,6)', legal: false, violations: ['out-of-turn'], completes: [], points: 0 });
    expect(report.final.board[40]).toBe(2);
  });
});

describe('long records', () => {
  // no spread over a record's moves: 200,000 arguments overflow the stack
  const n = 200_000;
  test('a table cell with 200,000 moves is read', () => {
    const r = parseRecordText(`| Spieler A | Spieler B |\n|---|---|\n| ${'[1/2] (1,1/1,2) '.repeat(n)}| [2/3] (1,4/1,5) |\n`, 'long.txt');
    expect(r.columns[0]!.entries).toHaveLength(n);
  });
  test('a replay of 200,000 moves is printed', () => {
    const report = replayText('| Spieler A | Spieler B |\n[1/2] (1,1/1,2) |\n[2/3] (1,4/1,5) |\n');
    const moves = new Array(n).fill(report.moves[0]!);
    expect(formatReplay({ ...report, moves }).split('\n').length).toBeGreaterThan(n);
  });
});

describe('record layout errors name line and column', () => {
  test.each([
    ['no header at all\n[4/9] (4,6/4,9) |', 'game.txt:1:1: no player header'],
    ['| Spieler A | Spieler B | Spieler C |\n[1/2] (1,1/1,2) |\n[2/3] (1,3/1,6) |\n', 'the header names 3 players but 2 columns of moves follow'],
    ['| Spieler A | Spieler B |\n[1/2] (1,1/1,2) |\n[2/3] (1,3/1 6) |\n', 'game.txt:3:14: expected "," between Feld and Platz, found "6"'],
    ['| Spieler A | Spieler A |\n', 'player "A" is named twice'],
    ['| Spieler A |\n[1/2] (1,1/1,2) |', 'played by 2 to 4 players'],
    ['| Spieler A | Spieler B |\n[1/2] (1,1/1,2) |\n[2/3] (1,4/1,5) | [3/4] (2,1/2,2) |', 'game.txt:3:19: one column of moves more than the 2 players the header names'],
  ])('%j', (text, message) => {
    expect(() => parseRecordText(text, 'game.txt')).toThrow(message);
  });

  test('one move per line inside a column, and a footnote line ending the last column', () => {
    const r = parseRecordText('| Spieler A | Spieler B |\n[1/2] (5,5/5,6)\n[ 0 ]\n-3 = -3 |\n[2/3] (5,8/5,9)\n*) +10 Punkte\nSpieler B hat gewonnen.', 'g.txt');
    expect(r.columns.map((c) => c.entries.map((e) => formatEntry(e.entry)))).toEqual([['[1/2] (5,5/5,6)', '[ 0 ]'], ['[2/3] (5,8/5,9)']]);
    expect(r.winnerClaims.map((c) => c.name)).toEqual(['B']);
    expect(parseEntry('[1/2] (5,5/5,6)')).toEqual(r.columns[0]!.entries[0]!.entry);
  });
});
