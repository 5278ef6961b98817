/**
 * The puzzle side of the API as one Fastify plugin: the daily set, single puzzles and the paged
 * list (player forms only), checks and hints against the stored solution, verify as a service and
 * a puzzle's picture. Every response is built from the player form's text or from answers.ts,
 * never from the secret itself; a kind's position rules answer checks and hints.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { oneLine, oneOfText } from '../core/errors.ts';
import { BoundedCache } from '../core/memo.ts';
import { unknownNameText } from '../core/suggest.ts';
import { allFormats } from '../kinds/registry.ts';
import { isDate, today } from '../pipeline/daily.ts';
import { reportLine } from '../pipeline/verify-batch.ts';
import { renderSvg } from '../render/index.ts';
import { answerPosition, ClientError, type PositionQuestion } from './answers.ts';
import { declaredJson, textAjv } from './validation.ts';
import { DateParams, ErrorResponse, IdParams, kindSchemas, ListQuery, ListResponse, VerifyResponse } from './http-schemas.ts';
import { TimedOut, type HeavyWork } from './heavy-work.ts';
import type { CheckLimit } from './rate-limit.ts';
import type { PuzzleStore, StoredPuzzle } from './store.ts';
import type { PlayEvent, PlayStore } from './stats/play-store.ts';
import { PlayRecorder } from './stats/recorder.ts';
import { statsRoutes } from './stats/routes.ts';
import { PlayerHeaders } from './stats/schema.ts';

export interface PuzzleRoutesOptions {
  store: PuzzleStore;
  /** The clock `/daily/today` reads. */
  now: () => Date;
  /** The search budget of one `POST /verify` (core/budget.ts). */
  maxNodes: number;
  /** The logic prover's branch budget of one `POST /verify` (core/budget.ts). */
  maxBranches: number;
  /** The time one `POST /verify` may take in its thread (ms), besides its node budget. */
  verifyTimeLimitMs: number;
  /** Where `/verify` runs: off the event loop. */
  heavyWork: HeavyWork;
  /** Checks and hints per client and puzzle; null: unlimited. */
  limiter: CheckLimit | null;
  /** Play statistics: where they are kept, whether play is recorded, days they are kept (0: for ever). */
  plays: { store: PlayStore; record: boolean; keepDays: number };
}

/** Parsed files kept in memory: a stored file never changes under its id, so this never goes stale. */
const CACHE_LIMIT = 2000;

export const puzzleRoutes: FastifyPluginAsync<PuzzleRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = options;
  const dailyBytes = new Map<string, string>();
  const puzzles = new BoundedCache<string, StoredPuzzle>(CACHE_LIMIT);
  const pictures = new BoundedCache<string, string>(CACHE_LIMIT);

  /** The server's day: a daily set (and its puzzles) is unseen before it. */
  const day = () => today(options.now());

  /** A puzzle that may be seen today; one of a later daily set answers exactly as an unknown id. */
  async function puzzle(id: string): Promise<StoredPuzzle> {
    let found = puzzles.get(id);
    if (!found) {
      // the store is asynchronous, so no getOrMake here; an unknown id is not remembered
      found = await store.getPuzzle(id);
      if (found) puzzles.set(id, found);
    }
    if (!found || (found.availableFrom !== null && found.availableFrom > day())) throw new ClientError(404, `no puzzle with id ${JSON.stringify(id)}`);
    return found;
  }

  // a recorder that records nothing when play statistics are off: the routes answer the same
  const recorder = new PlayRecorder(options.plays.store, () => options.now().getTime(), options.plays.record);
  await fastify.register(statsRoutes, { plays: options.plays.store, recorder, puzzle, now: () => options.now().getTime(), keepDays: options.plays.keepDays });

  const errors = { 400: ErrorResponse, 404: ErrorResponse };
  // the kinds known when the server is built (built in, and PUZZLEMILL_KIND_MODULES loaded before)
  const kinds = kindSchemas(allFormats());
  // the daily set and a puzzle are answered with stored JSON text (sendJson), never serialised;
  // their documented unions of the kinds' 2020-12 schemas are more than fast-json-stringify
  // builds, so only the errors get a serialiser, held to their schema as the position routes' are
  const storedText = { serializerCompiler: ({ schema, httpStatus }: { schema: object; httpStatus?: string }) => (httpStatus === '200' ? JSON.stringify : declaredJson(schema)) };

  app.get('/daily/:date', { schema: { operationId: 'getDaily', summary: "A day's set: the public index and every puzzle's player form", params: DateParams, response: { 200: kinds.daily, ...errors } }, ...storedText }, async (request, reply) => {
    const date = request.params.date === 'today' ? day() : request.params.date;
    if (!isDate(date)) throw new ClientError(400, `params/date: ${JSON.stringify(request.params.date)} is not a date (YYYY-MM-DD)`);
    // a set made ahead of its day answers as a missing one: not even its existence shows
    if (date > day()) throw new ClientError(404, `no daily set for ${date}`);
    let bytes = dailyBytes.get(date);
    if (bytes === undefined) {
      const set = await store.getDaily(date);
      if (!set) throw new ClientError(404, `no daily set for ${date}`);
      const players = await Promise.all(set.ids.map(async (id) => (await puzzle(id)).playerText));
      // a daily set never changes once stored, so its bytes are built once
      bytes = `{"date":${JSON.stringify(date)},"index":${JSON.stringify(set.publicIndex)},"puzzles":[${players.join(',')}]}`;
      dailyBytes.set(date, bytes);
    }
    return sendJson(reply, bytes);
  });

  app.get('/puzzles/:id', { schema: { operationId: 'getPuzzle', summary: "One puzzle's player form", params: IdParams, response: { 200: kinds.playerForm, ...errors } }, ...storedText }, async (request, reply) => {
    return sendJson(reply, (await puzzle(request.params.id)).playerText);
  });

  app.get('/puzzles', { schema: { operationId: 'listPuzzles', summary: 'Puzzles by kind, size, grade and hardest technique, in id order, paged', querystring: ListQuery, response: { 200: ListResponse, ...errors } } }, async (request) => {
    const q = request.query;
    if (q.page !== undefined && q.cursor !== undefined) throw new ClientError(400, 'querystring: give page= or cursor=, not both');
    if (q.kind !== undefined) knownKind(q.kind);
    const limit = q.limit ?? 20;
    const filter = { availableOn: day(), ...(q.kind !== undefined ? { kind: q.kind } : {}), ...(q.size !== undefined ? { size: q.size } : {}), ...(q.grade !== undefined ? { level: levelOf(q.grade, q.kind) } : {}), ...(q.technique !== undefined ? { technique: knownTechnique(q.technique, q.kind) } : {}) };
    const page = await store.listPuzzles(filter, { limit, ...(q.cursor !== undefined ? { cursor: q.cursor } : { offset: ((q.page ?? 1) - 1) * limit }) });
    return { puzzles: page.items, next: page.next };
  });

  const positions = kinds.positions;
  const positionRoute = (question: PositionQuestion, operationId: string, summary: string, response: object) =>
    app.post(
      `/puzzles/:id/${question}`,
      {
        schema: { operationId, summary, params: IdParams, headers: PlayerHeaders, body: positions.body, response: { 200: response, ...errors, 409: ErrorResponse, 429: ErrorResponse } },
        // the union above documents the bodies; a body is validated against its puzzle's kind alone
        // (answers.ts), so its refusal names the field instead of "must match a schema in anyOf"
        validatorCompiler: ({ httpPart, schema }) => (httpPart === 'body' ? () => true : textAjv.compile(schema)),
        // a 200 was held to its kind's own schema by answerPosition; the errors to theirs here
        serializerCompiler: ({ schema, httpStatus }) => (httpStatus === '200' ? JSON.stringify : declaredJson(schema)),
      },
      async (request) => {
        const found = await puzzle(request.params.id);
        const player = await recorder.playerOf(request.headers, found.id, request.log);
        // no body (or null) is no position: the kind's schema refuses it, as every route's would
        const answer = await answerPosition(found.file, request.body, question, () => options.limiter?.take(request.ip, request.params.id));
        await recorder.record(player, found.id, question === 'check' ? checkEvent(answer) : { type: 'hint' }, request);
        return answer;
      },
    );

  positionRoute('check', 'checkPuzzle', 'Right or wrong for each submitted cell or person, nothing about the others', positions.check);
  positionRoute('hint', 'hintPuzzle', "The prover's next step from the player's position; 409 naming the first wrong item", positions.hint);

  app.get(
    '/puzzles/:id/picture.svg',
    { schema: { operationId: 'getPuzzlePicture', summary: "The player form drawn as SVG (render's drawer)", params: IdParams, querystring: Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('de')])) }, { additionalProperties: false }), response: { 200: { description: 'the picture', content: { 'image/svg+xml': { schema: Type.String() } } }, ...errors } } },
    async (request, reply) => {
      const lang = request.query.lang ?? 'en';
      const key = `${request.params.id}\n${lang}`;
      let svg = pictures.get(key);
      if (svg === undefined) pictures.set(key, (svg = renderSvg(JSON.parse((await puzzle(request.params.id)).playerText) as object, { lang, solution: false })));
      return (reply as FastifyReply).type('image/svg+xml').send(svg);
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        operationId: 'verifyPuzzle',
        summary: "A puzzle file (JSON) or one line-format puzzle (text/plain) → puzzlemill verify's report",
        body: {
          content: {
            'application/json': { schema: kinds.file },
            'text/plain': { schema: Type.String({ description: 'one line-format puzzle (docs/FORMATS.md)', examples: ['4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........'] }) },
          },
        },
        response: { 200: VerifyResponse, ...errors, 422: ErrorResponse, 503: ErrorResponse },
      },
      // the documented union is not what refuses a file: the verify task reads any JSON or line
      // and answers bad input as a 400 with its report line, as before
      validatorCompiler: ({ httpPart, schema }) => (httpPart === 'body' ? () => true : textAjv.compile(schema)),
    },
    async (request) => {
      const where = { source: 'body' };
      let input;
      if (typeof request.body === 'string') {
        const lines = request.body.split(/\r?\n/).filter((l) => l.trim() !== '');
        if (lines.length !== 1) throw new ClientError(400, `body: expected one line-format puzzle, got ${lines.length} lines`);
        input = { where, line: lines[0]!.trim() };
      } else {
        input = { where, value: request.body };
      }
      let report;
      try {
        // an anonymous verify gets a short time as well as its node budget, and its address's turn
        report = await options.heavyWork.run({ kind: 'verify', input, maxNodes: options.maxNodes, maxBranches: options.maxBranches }, { client: request.ip, timeLimitMs: options.verifyTimeLimitMs });
      } catch (e) {
        if (e instanceof TimedOut) throw new ClientError(422, `body: ${e.message}`);
        throw e;
      }
      if (report.status === 'bad-input') throw new ClientError(400, reportLine(report));
      return { status: report.status, kind: report.kind ?? null, summary: report.summary ?? null, pointer: report.where.pointer ?? null, problems: report.problems.map(oneLine), report: reportLine(report) };
    },
  );
};

/**
 * Text already JSON — a player form as stored, a daily set built once from them — sent as it is:
 * the only answers not serialised from an object by their declared schema, because they are
 * bytes the server never changes (parsing and writing a 24 KB daily set again per request would
 * be work for the same bytes).
 */
function sendJson(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** A check's verdict as play: a kind's check answers `right` and `solved` (src/kinds/kind.ts). */
function checkEvent(answer: object): PlayEvent {
  const { right, solved } = answer as { right?: unknown; solved?: unknown };
  return { type: 'check', right: right === true, solved: solved === true };
}

/** A kind filter names a kind the server knows: a typo is refused with the kinds, not answered with an empty list. */
function knownKind(name: string): void {
  const names = allFormats().map((k) => k.name);
  if (!names.includes(name)) throw new ClientError(400, `querystring/kind ${oneOfText(names, { value: name })}`);
}

/** `technique=` names a technique of the kind asked for (of any kind when none is): a typo is refused with the nearest ids. */
function knownTechnique(id: string, kindName: string | undefined): string {
  const named = allFormats().filter((k) => k.name === kindName);
  const ids = [...new Set((named.length > 0 ? named : allFormats()).flatMap((k) => k.techniques ?? []))];
  if (!ids.includes(id)) throw new ClientError(400, `querystring/technique: ${unknownNameText('technique', id, ids)}`);
  return id;
}

/** `grade=` as a level: a number 1..9, or a level name of the kind asked for (of any kind when none is). */
function levelOf(text: string, kindName: string | undefined): number {
  if (/^[1-9]$/.test(text)) return Number(text);
  const named = allFormats().filter((k) => k.name === kindName);
  const kinds = named.length > 0 ? named : allFormats();
  for (const kind of kinds) {
    const level = kind.levels?.indexOf(text) ?? -1;
    if (level >= 0) return level + 1;
  }
  const names = [...new Set(kinds.flatMap((k) => k.levels ?? []))];
  const top = Math.max(0, ...kinds.map((k) => k.levels?.length ?? 0));
  const whose = named.length > 0 ? ` of ${kindName}` : '';
  throw new ClientError(400, `querystring/grade: ${JSON.stringify(text)} is no level${whose} ${names.length > 0 ? `1..${top} or name (${names.join(', ')})` : '(1..9)'}`);
}
