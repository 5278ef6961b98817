/**
 * The tables API as a Fastify plugin (register it with `{ db }`; `now` and `dealSeed` are for tests):
 *
 *   POST /tables              deal a table of `game` (none: Numbridge; kosmos, domino)
 *                             → { id, seats: [{ seat, token }] }                        201
 *   GET  /tables/:id          Bearer token → that seat's view, its move list, the clock
 *                             (after the end: the record too)                           200
 *   GET  /tables/:id/picture.svg  Bearer token → that seat's view drawn (src/render)    200
 *   POST /tables/:id/moves    Bearer token, Idempotency-Key → the referee's verdict     200
 *
 * The plugin is encapsulated (not wrapped in fastify-plugin): its strict validator and its error
 * handler — every error one line as { "error": … } with a 4xx, never a stack trace — apply to
 * these routes only. Requests are validated without type coercion: "7" is no tile.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../db.ts';
import { isRetryLater, RateLimited, TokenBuckets, type CheckRate } from '../rate-limit.ts';
import { seatPicture } from '../../render/numbridge-game.ts';
import { dominoSeatPicture, kosmosSeatPicture } from '../../render/games/table-seats.ts';
import type { DominoSeatState } from '../../games/domino/seat-state.ts';
import type { KosmosSeatState } from '../../games/kosmos/seat-state.ts';
import { schemaError } from '../validation.ts';
import { getOrMake } from '../../core/memo.ts';
import type { GameName } from './game.ts';
import { GAME_NAMES } from './game.ts';
import { TABLE_GAMES } from './games.ts';
import { Type } from '@sinclair/typebox';
import { AnyMoveVerdict, AnySeatState, CreatedTable, ErrorBody, MoveBody, MoveEnvelope, MoveHeaders, SeatHeaders, SeatPictureQuery, SeatQuery, TableParams, type MoveVerdict, type SeatState as NumbridgeSeatState } from './schema.ts';
import { TableError, TableService, type TableServiceOptions } from './service.ts';
import { eventRoutes } from './events.ts';
import { databaseBytes, DEFAULT_KEEP_TABLES_DAYS, SWEEP_MS } from './retention.ts';
import { SqliteTableStore } from './sqlite-store.ts';
import { StoreError, type TableChanges, type TableStore } from './store.ts';
import { bearerToken } from './tokens.ts';

export interface TableRoutesOptions extends TableServiceOptions {
  /** The SQLite database the tables live in, unless `store` says where they do. */
  db?: Db;
  /** Where the tables live (default: SQLite over `db`; PostgreSQL: pg-store.ts), how many bytes that database holds (for `maxDbBytes`), and how instances sharing it tell each other of moves. */
  store?: { tables: TableStore; bytesInUse: () => Promise<number>; changes?: TableChanges };
  /** Deals one address may ask for (`serve --deal-rate`; default none here, buildServer sets one). */
  dealRate?: CheckRate | null;
  /** Days a finished table is kept (`serve --keep-tables`; default 30; 0: for ever). */
  keepTablesDays?: number;
  /** No new table while the database holds more than this, in bytes of pages in use (`serve --max-db-mb`; default none). */
  maxDbBytes?: number | null;
}

/** `POST /tables`, for the document: one body per game (the route checks each against its own). */
const CreateAnyTableBody = Type.Union(GAME_NAMES.map((name) => TABLE_GAMES[name].createBody), { description: 'a body without `game` deals Numbridge' });

/** Bodies are a few hundred bytes; anything near this is not a table request. */
const BODY_LIMIT = 8 * 1024;

/** The tables in the server's SQLite database. */
function sqliteTables(db: Db | undefined): { tables: TableStore; bytesInUse: () => Promise<number>; changes?: TableChanges } {
  if (!db) throw new TypeError('tableRoutes needs a database: db (SQLite) or store');
  return { tables: new SqliteTableStore(db), bytesInUse: async () => databaseBytes(db) };
}

/** How often each instance on a shared database looks for tables whose clock has run out (a few ms a look). */
const CLOCK_SWEEP_MS = 2000;

export const tableRoutes: FastifyPluginAsync<TableRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const where = options.store ?? sqliteTables(options.db);
  /** Several instances may serve this database (PostgreSQL: it tells them each other's changes). */
  const sharedDatabase = where.changes !== undefined;
  const service = new TableService(where.tables, { ...options, ...(where.changes && { changes: where.changes }), onError: options.onError ?? ((e, doing) => fastify.log.warn({ err: e }, doing)) });
  // the clocks of the tables left open by the last run, armed again (in the background: a start
  // with many open tables answers requests meanwhile); stopped when the server closes
  fastify.addHook('onReady', async () => {
    service.resumeClocks().catch((e: unknown) => fastify.log.error(e, 'resuming the tables\' clocks'));
    // the moves other instances on the same database make, for this one's event streams
    await service.listen();
    // several instances on one database (PostgreSQL): a table's timer is on one of them, so each
    // also sweeps for tables whose clock has run out — one whose timer died with its instance included
    if (sharedDatabase) service.startClockSweep(CLOCK_SWEEP_MS);
  });
  fastify.addHook('onClose', async () => service.close());
  // finished tables are deleted after their time (an hourly sweep): abandoned tables end by
  // themselves (abandonAfterLapses), so every table ends and none stays for good
  const keepMs = (options.keepTablesDays ?? DEFAULT_KEEP_TABLES_DAYS) * 86_400_000;
  if (keepMs > 0) {
    const sweep = () => void service.expire(keepMs).catch((e: unknown) => fastify.log.warn({ err: e }, 'deleting expired tables'));
    const sweeper = setInterval(sweep, SWEEP_MS).unref();
    fastify.addHook('onReady', async () => sweep());
    fastify.addHook('onClose', async () => clearInterval(sweeper));
  }
  const deals = options.dealRate ? new TokenBuckets(options.dealRate, options.now ?? Date.now) : null;

  // draft 2020-12, as the game files' schemas are written (cells are prefixItems tuples); the
  // discriminator makes a bad move's error name its own kind's fields, not every kind's
  const ajv = new Ajv2020({ coerceTypes: false, allErrors: false, strict: false, discriminator: true, verbose: true });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  // worded as every request's (validation.ts; verbose above keeps what a refused choice needs)
  app.setSchemaErrorFormatter(schemaError);
  // JSON only: Fastify's text/plain parser would hand a string to the body schema
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TableError) return reply.code(error.status).send({ error: error.message });
    if (isRetryLater(error)) return reply.code(error.status).header('retry-after', String(error.retryAfterSeconds)).send({ error: error.message });
    if (error instanceof StoreError) {
      if (error.kind === 'full') request.log.warn({ err: error }, 'database full');
      if (error.kind === 'busy') reply.header('retry-after', '1');
      return reply.code(error.kind === 'conflict' ? 409 : 503).send({ error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: oneLine(error.message) });
    request.log.error(error);
    return reply.code(500).send({ error: 'internal error' });
  });

  const errors = { '4xx': ErrorBody, '5xx': ErrorBody };

  // POST /tables: the body is checked against its game's own schema (none named: Numbridge's),
  // so each game's refusals name its own fields, as Numbridge's always have
  type Check = ReturnType<typeof ajv.compile>;
  const gameCheck = ajv.compile({ type: ['object', 'array', 'string', 'number', 'boolean', 'null'], properties: { game: { enum: GAME_NAMES } } });
  const bodyChecks = new Map<GameName, Check>();
  const createBodyCheck = Object.assign(
    (data: unknown): boolean => {
      if (!gameCheck(data)) {
        createBodyCheck.errors = gameCheck.errors;
        return false;
      }
      const name = (data as { game?: GameName } | null)?.game ?? 'numbridge';
      const check = getOrMake(bodyChecks, name, () => ajv.compile(TABLE_GAMES[name].createBody));
      const ok = check(data);
      createBodyCheck.errors = check.errors;
      return ok;
    },
    { errors: null as Check['errors'] },
  );
  // a move is checked against the table's game by the service (the game is the stored table's):
  // here only its envelope, { move, idempotencyKey? }
  const moveEnvelopeCheck = ajv.compile(MoveEnvelope);

  app.post(
    '/tables',
    { bodyLimit: BODY_LIMIT, validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? createBodyCheck : ajv.compile(schema)), schema: { operationId: 'createTable', summary: 'Deal a table (Numbridge unless `game` names another)', tags: ['tables'], body: { ...CreateAnyTableBody, examples: [{ variant: 'blitz' }, { variant: 'bridge', board: { size: 9, grade: 'easy' }, room: { turnSeconds: 60 } }, { game: 'kosmos', players: 3, room: { scoring: 'simplified' } }, { game: 'domino', players: 4 }] }, response: { 201: { ...CreatedTable, examples: [{ id: 'nbt-4556b4f9732f20eb601087ed', seats: [{ seat: 1, token: 'aVN6UWulNV39FXz_dfgxUeO7l5J_vqDbCYGgKiN_pqk' }, { seat: 2, token: 'MRTbEKA66adzsmU2NvptMTY3zP9noB7bvnPpaMl_0G0' }] }] }, ...errors } } },
    async (request, reply) => {
      // a table is rows on disk and a deal is worker time: one address may not deal without end;
      // spent only by a table dealt (a refused or failed deal costs nothing, as a refused check)
      const wait = deals?.wait(request.ip) ?? 0;
      if (wait > 0) throw new RateLimited(wait, 'tables dealt');
      if (options.maxDbBytes && (await where.bytesInUse()) > options.maxDbBytes) {
        throw new TableError(507, "the server's storage is full (the database is over its cap, serve --max-db-mb): no new tables until finished ones expire");
      }
      const created = await service.create(request.body as { game?: GameName }, request.ip);
      deals?.spend(request.ip);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/tables/:id',
    { schema: { operationId: 'getTable', summary: 'What one seat sees of a table', tags: ['tables'], security: [{ seatToken: [] }], params: TableParams, headers: SeatHeaders, querystring: SeatQuery, response: { 200: AnySeatState, ...errors } } },
    async (request, reply) => {
      const state = await service.seat(request.params.id, bearerOf(request.headers.authorization), request.query);
      // the tag names the state, not the clock's reading (which changes every millisecond): a
      // client revalidating a view it has gets a 304 until the next move
      // another game's state is its own shape (schema.ts): not Numbridge's serializer's to trim
      if ('game' in state) reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      return reply.header('etag', seatStateTag(state, request.query)).send(state as NumbridgeSeatState);
    },
  );

  // the same seat state as GET /tables/:id (same token, same errors), drawn: only that seat's view
  app.get(
    '/tables/:id/picture.svg',
    {
      schema: { operationId: 'getTablePicture', summary: 'What one seat sees of a table, drawn as SVG', tags: ['tables'], security: [{ seatToken: [] }], params: TableParams, headers: SeatHeaders, querystring: SeatPictureQuery, response: { 200: { description: 'the picture', content: { 'image/svg+xml': { schema: { type: 'string' } } } }, ...errors } },
    },
    async (request, reply) => {
      const state = await service.seat(request.params.id, bearerOf(request.headers.authorization));
      // the response schema lists the errors only: the SVG is a string, not JSON
      const lang = request.query.lang ?? 'en';
      const picture =
        'game' in state
          ? state.game === 'kosmos'
            ? kosmosSeatPicture(state as KosmosSeatState, { lang })
            : dominoSeatPicture(state as DominoSeatState, { lang })
          : seatPicture(state as NumbridgeSeatState, { lang });
      return (reply as FastifyReply).type('image/svg+xml').send(picture.svg);
    },
  );

  eventRoutes(app, service, bearerOf);

  app.post(
    '/tables/:id/moves',
    {
      bodyLimit: BODY_LIMIT,
      validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? moveEnvelopeCheck : ajv.compile(schema)),
      schema: { operationId: 'moveTable', summary: 'A seat\'s move', tags: ['tables'], security: [{ seatToken: [] }], params: TableParams, headers: MoveHeaders, body: { ...MoveBody, examples: [{ move: { kind: 'place', cell: [2, 3], tile: 7 } }] }, response: { 200: AnyMoveVerdict, ...errors } },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const inBody = request.body.idempotencyKey;
      if (header !== undefined && inBody !== undefined && header !== inBody) throw new TableError(400, 'the Idempotency-Key header and the body\'s idempotencyKey differ');
      const answer = await service.move(request.params.id, bearerOf(request.headers.authorization), request.body.move, header ?? inBody ?? null);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      if ('game' in answer.verdict) reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      return reply.send(answer.verdict as MoveVerdict);
    },
  );
};

/** The bearer token of the header; a header of another form is as good as none. */
function bearerOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const token = bearerToken(header);
  if (token === null) throw new TableError(401, 'the Authorization header must be "Bearer <seat token>"');
  return token;
}

/** `W/"t1.<seat>.<moveCount>.<since>.<limit>"`: what a view shows is fixed by these (the log is only appended to). */
function seatStateTag(state: { seat: number; moveCount: number }, query: SeatQuery): string {
  return `W/"t1.${state.seat}.${state.moveCount}.${query.since ?? ''}.${query.limit ?? ''}"`;
}

function oneLine(message: string): string {
  return message.replace(/\s+/g, ' ').trim();
}
