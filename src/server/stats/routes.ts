/**
 * The play statistics' routes, a plugin the puzzle routes register with their own lookup (a
 * puzzle of a later daily set is a 404 here too): `POST /puzzles/:id/view` records a player's
 * first look, `GET /stats/puzzles/:id` answers a puzzle's figures beside its level's. Checks and
 * hints are recorded by the puzzle routes themselves (PlayRecorder). Old plays are deleted hourly.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '../http-schemas.ts';
import type { StoredPuzzle } from '../store.ts';
import { levelNameOf, MIN_SOLVES, playReport, type Figures, type PlayReport } from './figures.ts';
import type { PlayStore } from './play-store.ts';
import type { PlayRecorder } from './recorder.ts';
import { PlayerHeaders, PuzzleStats, ViewResponse } from './schema.ts';

const SWEEP_MS = 3_600_000;
/** A ladder's report is reused this long: figures of a minute ago are as good, and a scan of every play per request is not. */
const REPORT_TTL_MS = 60_000;

export interface StatsRoutesOptions {
  plays: PlayStore;
  recorder: PlayRecorder;
  /** The puzzle routes' lookup: a puzzle that may be seen now, or a 404. */
  puzzle: (id: string) => Promise<StoredPuzzle>;
  now: () => number;
  /** 0: keep for ever. */
  keepDays: number;
}

/**
 * Figures as anyone may read them: the times and hints of fewer than MIN_SOLVES solves are left
 * out (null), so no answer tells how long one or two known players took (`puzzlemill stats`, for
 * the operator, shows them).
 */
function publicFigures<T extends Figures>(figures: T): T {
  return figures.solved >= MIN_SOLVES ? figures : { ...figures, solveSeconds: null, hintsPerSolve: null };
}

export const statsRoutes: FastifyPluginAsync<StatsRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { plays, recorder } = options;
  const reports = new Map<string, { at: number; report: PlayReport }>();

  if (options.keepDays > 0) {
    const sweep = () => void plays.prune(options.now() - options.keepDays * 86_400_000).catch((e: unknown) => fastify.log.warn({ err: e }, 'old plays not deleted'));
    sweep();
    const sweeper = setInterval(sweep, SWEEP_MS).unref();
    fastify.addHook('onClose', async () => clearInterval(sweeper));
  }

  app.post(
    '/puzzles/:id/view',
    { schema: { operationId: 'viewPuzzle', summary: "A player's first look at a puzzle, for play statistics (later views change nothing)", params: IdParams, headers: PlayerHeaders, response: { 200: ViewResponse, 400: ErrorResponse, 404: ErrorResponse } } },
    async (request) => {
      const found = await options.puzzle(request.params.id);
      return { recorded: await recorder.record(await recorder.playerOf(request.headers, found.id, request.log), found.id, { type: 'view' }, request) };
    },
  );

  app.get('/stats/puzzles/:id', { schema: { operationId: 'getPuzzleStats', summary: "A puzzle's play: players, solve rate, solve time, hints per solve, beside its level's", params: IdParams, response: { 200: PuzzleStats, 400: ErrorResponse, 404: ErrorResponse } } }, async (request) => {
    const found = await options.puzzle(request.params.id);
    const ladder = `${found.kind}\u0000${found.size ?? ''}`;
    let cached = reports.get(ladder);
    if (!cached || options.now() - cached.at > REPORT_TTL_MS) {
      cached = { at: options.now(), report: playReport(await plays.plays({ ladder: { kind: found.kind, size: found.size } }), levelNameOf) };
      reports.set(ladder, cached);
    }
    const { report } = cached;
    const key = { kind: found.kind, size: found.size, level: found.level, levelName: levelNameOf(found.kind, found.level) };
    const none = { players: 0, solved: 0, solveRate: null, solveSeconds: null, hintsPerSolve: null, checks: { right: 0, wrong: 0 } };
    const mine = report.puzzles.find((p) => p.id === found.id);
    const level = report.levels.find((l) => l.level === found.level);
    const puzzle = mine ? publicFigures({ players: mine.players, solved: mine.solved, solveRate: mine.solveRate, solveSeconds: mine.solveSeconds, hintsPerSolve: mine.hintsPerSolve, checks: mine.checks }) : none;
    return { id: found.id, ...key, puzzle, levelFigures: level ? publicFigures(level) : { ...key, puzzles: 0, typicalSeconds: null, ...none }, outOfLine: report.outOfLine.find((o) => o.id === found.id) ?? null };
  });
};
