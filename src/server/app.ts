/**
 * `buildServer`: the Fastify application of `puzzlemill serve`. One place decides how errors look
 * (every client error a 4xx `{ "error": "<one line>" }`, anything else a bare 500 with nothing of
 * the cause in it), the OpenAPI document is built from the routes' TypeBox schemas, and plugins
 * (the Numbridge tables) register beside the puzzle routes.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import zlib from 'node:zlib';
import { oneLine } from '../core/errors.ts';
import { DISK_FULL, type Db } from './db.ts';
import { demoRoutes } from './demo.ts';
import { corsPolicy } from './cors.ts';
import { PoolHeavyWork, type HeavyWork } from './heavy-work.ts';
import { cacheHeaders } from './http-caching.ts';
import { clientError, encodingRefusal, headerChecks } from './http-errors.ts';
import { DEFAULT_LIMITS, limitConnectionsPerAddress, timeoutOptions, type ConnectionLimits } from './connection-limits.ts';
import { PgCheckLimiter } from './pg-rate-limit.ts';
import { CheckLimiter, DEFAULT_DEAL_RATE, isRetryLater, type CheckRate } from './rate-limit.ts';
import { swaggerOptions } from './openapi.ts';
import { puzzleRoutes } from './puzzle-routes.ts';
import { bodyAjv, schemaError, textAjv } from './validation.ts';
import type { PuzzleStore } from './store.ts';
import { tableRoutes } from './tables/routes.ts';
import { DEFAULT_KEEP_PLAYS_DAYS, type PlayStore } from './stats/play-store.ts';
import { storesOf, type Stores } from './database.ts';
import { DATABASE_AWAY, DATABASE_BUSY, isLockContention, isUnavailable, type PgPool } from './pg.ts';

/**
 * What a plugin of the server receives: the database (a plugin owns its own migration and tables:
 * `db` for SQLite, `postgres` when the server runs on PostgreSQL) and the server's clock in
 * milliseconds. The tables (src/server/tables/routes.ts, `tableRoutes`) are built the same way
 * and always registered.
 */
export interface ServerPluginOptions {
  db?: Db;
  postgres?: PgPool;
  now?: () => number;
  /** Where slow work runs (worker threads), shared by every route. */
  heavyWork?: HeavyWork;
}
export type ServerPlugin = FastifyPluginAsync<ServerPluginOptions>;

export interface ServerOptions {
  /** The SQLite database (db.ts), or `postgres`: one of the two. */
  db?: Db;
  /** A PostgreSQL pool (pg.ts, migrated): every store on it, for several instances of one club. */
  postgres?: PgPool;
  /** The database's stores when already made (startServer's; default: made here from db or postgres). */
  stores?: Stores;
  /** The puzzle store (default: the database's). */
  store?: PuzzleStore;
  /** Fastify's log: every request (true, stdout), only warnings and errors ('warn', stderr: what serve does by default), or none (default). */
  logger?: boolean | 'warn';
  /** The largest request body accepted (default 256 KiB): larger is a 413. */
  maxBodyBytes?: number;
  /** The search budget of one `POST /verify` (default 500,000 nodes, well under a second). */
  maxNodes?: number;
  /**
   * The logic prover's budget of one `POST /verify` (default 200,000 forcing-chain branches, a few
   * seconds: most of the hardest known puzzles finish; one that does not fails "undecided").
   */
  maxBranches?: number;
  /**
   * The time one `POST /verify` may take in its worker thread (default 10 s, as a deal: the node
   * budget is what keeps a verify short; this time also covers a worker thread's start, seconds
   * on a loaded machine, so a short one refused good lines).
   */
  verifyTimeLimitMs?: number;
  now?: () => Date;
  /** Where `/verify` and table deals run (default: a pool of worker threads, closed with the server). */
  heavyWork?: HeavyWork;
  /** The limit on checks and hints per client and puzzle (default none; `serve --check-rate`: 30 a minute); in the database on PostgreSQL. */
  checkRate?: CheckRate | null;
  /** More route plugins, registered with `{ db, now }`. */
  plugins?: readonly ServerPlugin[];
  /** Tables one address may deal (default 20 a minute, a burst of 20; `serve --deal-rate`; null: no limit). */
  dealRate?: CheckRate | null;
  /** Days a finished table is kept (default 30; 0: for ever) and the database's bytes in use past which no table is dealt (default none). */
  tables?: { keepDays?: number; maxDbBytes?: number | null };
  /** Slow and greedy clients: request and idle timeouts, connections per address (default DEFAULT_LIMITS). */
  limits?: Partial<ConnectionLimits>;
  /** Play statistics (src/server/stats): recorded unless `record` is false; plays kept `keepDays` after their last request (default 365; 0: for ever). */
  plays?: { store?: PlayStore; record?: boolean; keepDays?: number };
  /**
   * Web apps on other origins that may call the API (`serve --cors-origin`): each listed origin
   * every route; `*` any origin, the read-only routes (GET, HEAD) only. Default none: same origin.
   */
  corsOrigins?: readonly string[];
}

/** What the log says of a request: no event ticket (withoutTicket). */
const LOG_SERIALIZERS = { req: (request: FastifyRequest) => ({ method: request.method, url: withoutTicket(request.url), remoteAddress: request.ip }) };

/** A URL with the value of any `ticket=` in its query replaced. */
export function withoutTicket(url: string): string {
  return url.replace(/([?&]ticket=)[^&#]*/g, '$1…');
}

/** Thrown by the body parser's reviver: a "__proto__" key is refused on its own words, not as malformed JSON. */
class ProtoKey extends Error {}

export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;
export const DEFAULT_VERIFY_NODES = 500_000;
export const DEFAULT_VERIFY_BRANCHES = 200_000;
export const DEFAULT_VERIFY_TIME_LIMIT_MS = 10_000;

export function buildServer(options: ServerOptions): FastifyInstance {
  const now = options.now ?? (() => new Date());
  const bodyLimit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const timeouts = timeoutOptions(limits);
  const app = Fastify({
    requestTimeout: timeouts.requestTimeout,
    connectionTimeout: timeouts.connectionTimeout,
    // every request (logger: true, on stdout), or only what went wrong (`'warn'`: a full disk, a
    // failing clock, a 500, on stderr); an event ticket in a logged URL shows as `ticket=…`
    logger: options.logger === true ? { serializers: LOG_SERIALIZERS } : options.logger === 'warn' ? { level: 'warn', stream: process.stderr, serializers: LOG_SERIALIZERS } : false,
    bodyLimit,
    // event streams never end by themselves, and a stream's client that went away can leave its
    // connection counted (seen in-process): a close must not wait on them. A request in flight at
    // that moment is cut; a move is sent again with its idempotency key
    forceCloseConnections: true,
    // the parser's refusals and a missing Host in our words (http-errors.ts), not Node's empty 400
    clientErrorHandler: clientError,
    http: { requireHostHeader: false, ...timeouts.http },
    // the first problem, naming the field: "body/cells/0/row must be <= 8", "body: unknown field "solution""
    // errors the router raises before any route runs (a path parameter over maxParamLength, a bad
    // URL escape) are worded like every other client error, not in Fastify's own shape
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reason = tooLong ? `${oneLine(request.url.split('?')[0]!.slice(0, 60))}…: a path part longer than 100 characters` : oneLine(error.message);
      void (reply as FastifyReply).code(tooLong ? 414 : (error.statusCode ?? 400)).send({ error: reason });
    },
    schemaErrorFormatter: schemaError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // validation per part of the request: validation.ts
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));

  // JSON.parse's own message names the position ("Unexpected token } in JSON at position 12"),
  // which Fastify's default parser replaces by a generic sentence.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if ((text as string).trim() === '') return done(Object.assign(new Error('body: empty, expected JSON'), { statusCode: 400 }), undefined);
    try {
      // as Fastify's own parser does: a "__proto__" key is refused, so no later merge can pollute a prototype
      done(null, JSON.parse(text as string, (key, value: unknown) => {
        if (key === '__proto__') throw new ProtoKey();
        return value;
      }));
    } catch (e) {
      if (e instanceof ProtoKey) return done(Object.assign(new Error('body: a "__proto__" key is not accepted'), { statusCode: 400 }), undefined);
      const reason = (e as Error).message;
      const where = /position \d+/.test(reason) ? '' : ` at position ${(text as string).length}`; // "Unexpected end of JSON input"
      done(Object.assign(new Error(`body: malformed JSON: ${reason}${where}`), { statusCode: 400 }), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isRetryLater(error)) return reply.code(error.status).header('retry-after', String(error.retryAfterSeconds)).send({ error: error.message });
    const encoding = encodingRefusal(error, request);
    if (encoding) return reply.code(encoding[0]).send({ error: encoding[1] });
    if (error.code === 'SQLITE_FULL') {
      // the disk (or the database's page limit) is full: nothing was stored; said, and logged
      request.log.warn({ err: error }, 'database full');
      return reply.code(503).send({ error: DISK_FULL });
    }
    if (isUnavailable(error)) {
      // PostgreSQL down or restarting: said in one line, and the next request tries again
      request.log.warn({ err: error }, 'database not reachable');
      return reply.code(503).header('retry-after', '1').send({ error: DATABASE_AWAY });
    }
    if (isLockContention(error)) {
      // a deadlock broken or a lock waited on too long: nothing was done, and a retry may pass
      request.log.warn({ err: error }, 'database lock contention');
      return reply.code(503).header('retry-after', '1').send({ error: DATABASE_BUSY });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `body: larger than the limit of ${bodyLimit} bytes` : error.message;
      return reply.code(status).send({ error: oneLine(message) });
    }
    request.log.error(error);
    return reply.code(500).send({ error: 'internal error' });
  });
  limitConnectionsPerAddress(app.server, limits.perAddress);
  app.addHook('onRequest', headerChecks);
  // GET answers: how long to keep them and their ETag, before compression (http-caching.ts)
  app.addHook('onSend', async (request, reply, payload) => cacheHeaders(request, reply, payload));
  // JSON and SVG above a kilobyte, brotli (a middling quality: answers are made per request) or gzip
  app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
  app.register(cors, { delegator: corsPolicy(options.corsOrigins ?? []) });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `no route ${request.method} ${oneLine(request.url.split('?')[0]!)}` }));

  // OpenAPI 3.1.0, the security schemes, shared shapes as named components: openapi.ts
  app.register(swagger, swaggerOptions());
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (!options.db === !options.postgres) throw new TypeError('buildServer: give db (SQLite) or postgres, one of them');
  const stores = options.stores ?? storesOf(options.postgres ? { postgres: options.postgres } : { sqlite: options.db! });
  const store = options.store ?? stores.puzzles;
  const heavyWork = options.heavyWork ?? new PoolHeavyWork();
  // a pool made here is this server's; one passed in belongs to the caller
  if (!options.heavyWork) app.addHook('onClose', async () => heavyWork.close());
  // on PostgreSQL the buckets are the database's, shared by every instance (pg-rate-limit.ts)
  const limiter = !options.checkRate ? null : options.postgres ? new PgCheckLimiter(options.postgres, options.checkRate, () => now().getTime()) : new CheckLimiter(options.checkRate, () => now().getTime());
  const plays = { store: options.plays?.store ?? stores.plays, record: options.plays?.record ?? true, keepDays: options.plays?.keepDays ?? DEFAULT_KEEP_PLAYS_DAYS };
  app.register(puzzleRoutes, { store, now, maxNodes: options.maxNodes ?? DEFAULT_VERIFY_NODES, maxBranches: options.maxBranches ?? DEFAULT_VERIFY_BRANCHES, verifyTimeLimitMs: options.verifyTimeLimitMs ?? DEFAULT_VERIFY_TIME_LIMIT_MS, heavyWork, limiter, plays });
  app.register(demoRoutes);

  const pluginOptions = { ...(options.db && { db: options.db }), ...(options.postgres && { postgres: options.postgres }), now: () => now().getTime(), heavyWork };
  app.register(tableRoutes, {
    ...pluginOptions,
    store: stores.tables,
    dealRate: options.dealRate === undefined ? DEFAULT_DEAL_RATE : options.dealRate,
    keepTablesDays: options.tables?.keepDays,
    maxDbBytes: options.tables?.maxDbBytes,
  });
  for (const plugin of options.plugins ?? []) app.register(plugin, pluginOptions);

  return app as unknown as FastifyInstance;
}
