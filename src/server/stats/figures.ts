/**
 * The figures of play, pure: from play rows (play-store.ts) to what `GET /stats/puzzles/:id` and
 * `puzzlemill stats` tell — per puzzle and per level (kind, size, level): players, solve rate,
 * solve time (quartiles, Tukey's whiskers), hints per solve, checks; and the puzzles whose players
 * found them harder or easier than their grade says.
 *
 * Definitions (src/server/stats/README.md says them for the operator):
 * - a player is one hashed browser id that viewed, checked or asked a hint on the puzzle;
 * - solve time is from that player's first request on the puzzle to its first right and whole check;
 * - quartiles interpolate linearly between order statistics (R's default, type 7);
 * - hints per solve: the hints the solvers asked before solving, over the solves;
 * - a level's typical time is the median of its puzzles' median solve times (puzzles with at
 *   least MIN_SOLVES solves): each puzzle counts once, so one misgraded puzzle with many players
 *   does not move its level;
 * - out of line: a puzzle with at least MIN_SOLVES solves whose median solve time is beyond the
 *   next level's typical time (same kind and size) and half as long again as its own level's — it
 *   plays harder — or below the previous level's and under two thirds of its own level's — it
 *   plays easier. At the ends of the ladder, with no such level, it is twice (half) its own
 *   level's typical time. Both conditions, since neighbouring levels overlap: a medium puzzle a
 *   little quicker than the easy ones is no news, one twice as slow as the other easy ones is.
 */
import { allFormats } from '../../kinds/registry.ts';
import type { PlayRow } from './play-store.ts';

/** Solves a puzzle needs before its median is held against its level. */
export const MIN_SOLVES = 5;

export interface Spread {
  q1: number;
  median: number;
  q3: number;
  /** Tukey's whiskers: the smallest and largest times within 1.5 IQR of the box. */
  low: number;
  high: number;
}

export interface Figures {
  players: number;
  solved: number;
  /** solved / players, null without players. */
  solveRate: number | null;
  /** Seconds, null without a solve. */
  solveSeconds: Spread | null;
  hintsPerSolve: number | null;
  checks: { right: number; wrong: number };
}

export interface LevelKey {
  kind: string;
  size: number | null;
  level: number | null;
  /** The kind's word for the level (`levels[level - 1]`), null when it has none. */
  levelName: string | null;
}

export interface PuzzleFigures extends LevelKey, Figures {
  id: string;
}

export interface LevelFigures extends LevelKey, Figures {
  puzzles: number;
  /** The median of its puzzles' median solve times (those with MIN_SOLVES solves), s; null when none has. */
  typicalSeconds: number | null;
}

export interface OutOfLine extends LevelKey {
  id: string;
  /** The puzzle's median solve time, seconds. */
  median: number;
  plays: 'harder' | 'easier';
  /** The typical time it lies beyond: the next (previous) level's, or its own level's doubled (halved) at the end of the ladder. */
  than: { level: number | null; levelName: string | null; median: number };
}

export interface PlayReport {
  levels: LevelFigures[];
  puzzles: PuzzleFigures[];
  outOfLine: OutOfLine[];
}

export type LevelNamer = (kind: string, level: number | null) => string | null;

/** A kind's word for a level, from the kinds known (built in and loaded). */
export const levelNameOf: LevelNamer = (kind, level) => (level === null ? null : (allFormats().find((k) => k.name === kind)?.levels?.[level - 1] ?? null));

/** Quantile p of sorted numbers, linear between order statistics (type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** Quartiles and whiskers of times (any order), rounded to 0.1 s; null when empty. */
export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const reach = 1.5 * (q3 - q1);
  const low = sorted.find((v) => v >= q1 - reach)!;
  const high = [...sorted].reverse().find((v) => v <= q3 + reach)!;
  return { q1: tenth(q1), median: tenth(quantile(sorted, 0.5)), q3: tenth(q3), low: tenth(low), high: tenth(high) };
}

const tenth = (x: number) => Math.round(x * 10) / 10;
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** The figures of some plays (one puzzle's, or a level's). */
export function figuresOf(rows: readonly PlayRow[]): Figures {
  const solves = rows.filter((r) => r.solvedAt !== null);
  const hints = solves.reduce((sum, r) => sum + r.hints, 0);
  return {
    players: rows.length,
    solved: solves.length,
    solveRate: rows.length > 0 ? round(solves.length / rows.length, 3) : null,
    solveSeconds: spread(solves.map((r) => (r.solvedAt! - r.firstAt) / 1000)),
    hintsPerSolve: solves.length > 0 ? round(hints / solves.length, 2) : null,
    checks: { right: rows.reduce((s, r) => s + r.checksRight, 0), wrong: rows.reduce((s, r) => s + r.checksWrong, 0) },
  };
}

const levelId = (r: { kind: string; size: number | null; level: number | null }) => `${r.kind}\u0000${r.size ?? ''}\u0000${r.level ?? ''}`;

/** Kind, then size, then level, then id: the order of every list here. */
function byLevel(a: LevelKey & { id?: string }, b: LevelKey & { id?: string }): number {
  return a.kind.localeCompare(b.kind) || (a.size ?? 0) - (b.size ?? 0) || (a.level ?? 0) - (b.level ?? 0) || (a.id ?? '').localeCompare(b.id ?? '');
}

/** Rows grouped by a key, in first-seen order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Per puzzle, per level, and the puzzles out of line with their level. */
export function playReport(rows: readonly PlayRow[], levelName: LevelNamer): PlayReport {
  const keyOf = (r: PlayRow): LevelKey => ({ kind: r.kind, size: r.size, level: r.level, levelName: levelName(r.kind, r.level) });
  const puzzles = [...groupBy(rows, (r) => r.puzzleId).values()].map((plays) => ({ id: plays[0]!.puzzleId, ...keyOf(plays[0]!), ...figuresOf(plays) })).sort(byLevel);
  const levels = [...groupBy(rows, levelId).values()]
    .map((plays) => {
      const key = keyOf(plays[0]!);
      const judged = puzzles.filter((p) => levelId(p) === levelId(key) && p.solved >= MIN_SOLVES).map((p) => p.solveSeconds!.median);
      return { ...key, puzzles: new Set(plays.map((r) => r.puzzleId)).size, typicalSeconds: judged.length > 0 ? tenth(quantile([...judged].sort((a, b) => a - b), 0.5)) : null, ...figuresOf(plays) };
    })
    .sort(byLevel);
  return { levels, puzzles, outOfLine: outOfLine(puzzles, levels) };
}

/** The puzzles whose median solve time lies beyond a neighbouring level's typical time and well away from their own level's (module comment). */
export function outOfLine(puzzles: readonly PuzzleFigures[], levels: readonly LevelFigures[]): OutOfLine[] {
  const found: OutOfLine[] = [];
  for (const p of puzzles) {
    if (p.solved < MIN_SOLVES || p.solveSeconds === null || p.level === null) continue;
    const own = levels.find((l) => levelId(l) === levelId(p))!.typicalSeconds!;
    const ladder = levels.filter((l) => l.kind === p.kind && l.size === p.size && l.level !== null && l.typicalSeconds !== null);
    const next = ladder.filter((l) => l.level! > p.level!).sort((a, b) => a.level! - b.level!)[0];
    const previous = ladder.filter((l) => l.level! < p.level!).sort((a, b) => b.level! - a.level!)[0];
    const mark = (l: LevelFigures) => ({ level: l.level, levelName: l.levelName, median: l.typicalSeconds! });
    const above = next ? mark(next) : { level: p.level, levelName: p.levelName, median: tenth(own * 2) };
    const below = previous ? mark(previous) : { level: p.level, levelName: p.levelName, median: tenth(own / 2) };
    const { kind, size, level, levelName, id } = p;
    const median = p.solveSeconds.median;
    if (median > above.median && median > own * 1.5) found.push({ id, kind, size, level, levelName, median, plays: 'harder', than: above });
    else if (median < below.median && median < own / 1.5) found.push({ id, kind, size, level, levelName, median, plays: 'easier', than: below });
  }
  return found;
}
