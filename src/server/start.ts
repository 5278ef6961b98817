/**
 * `startServer`: what `puzzlemill serve` does, as a function — bind the port, open the database,
 * load the corpora (every file verified first, idempotent by id), and while serving the daily
 * corpus make each next day's set a day ahead. The CLI maps its arguments to these options and
 * the result to an exit code; tests and embedders call it directly.
 *
 * Order matters: the port is probed first, so a start that cannot serve has not touched the
 * database (no migration, no corpus loaded); loading waits until the real listen has succeeded.
 * Without corpora it serves the daily corpus, making today's set first when it is missing.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { InputError } from '../core/errors.ts';
import { assertSameDailyKey, dailyDirs, isDate, publishDue, today } from '../pipeline/daily.ts';
import { datesFrom, DEFAULT_PLAN, slotsFor } from '../pipeline/daily-plan.ts';
import type { DailyPlan } from '../pipeline/schema.ts';
import { dailyKeyId, looseModeOf } from '../pipeline/daily-key.ts';
import type { FingerprintEntry } from '../pipeline/schema.ts';
import { PgDailyMemory } from './pg-daily.ts';
import { buildServer } from './app.ts';
import { corpusFingerprint, loadCorpus } from './corpus.ts';
import { corpusLock, PgCorpusLoads, type CorpusLoad } from './pg-corpus.ts';
import type { ConnectionLimits } from './connection-limits.ts';
import type { CheckRate } from './rate-limit.ts';
import { DailyAhead } from './daily-ahead.ts';
import { openDatabase, removeDatabaseFiles, type Db } from './db.ts';
import { PoolHeavyWork } from './heavy-work.ts';
import { storesOf, type ServerDatabase } from './database.ts';
import { isPostgresUrl, openPostgres, withAdvisoryLock } from './pg.ts';

export interface StartOptions {
  /** The SQLite database file (made on first use; its folder too when it is `defaultDb`), or a postgres:// URL. */
  db: string;
  /** The default database path, whose folder may be created. */
  defaultDb?: string;
  port: number;
  host: string;
  /** Corpus folders to load; empty: the daily corpus at `dailyRoot`, with today's set made when missing. */
  corpora: readonly string[];
  /** The daily corpus (`daily --out`'s default). */
  dailyRoot: string;
  /**
   * The daily key's bytes, asked for only when `corpora` is empty and only once the port is known
   * to be free (a start that cannot serve must not have made a key file either).
   */
  dailyKey?: () => Uint8Array;
  /** The club's daily plan (`serve --plan`; default the built-in one): the slots made and `daysAhead`. */
  dailyPlan?: DailyPlan;
  /** Checks and hints per address and puzzle per minute (also the burst); null: no limit. */
  checkRate: number | null;
  /** Fastify's request log on stdout. */
  log: boolean;
  /** Other origins that may call the API (app.ts `corsOrigins`). */
  corsOrigins?: readonly string[];
  /** Verify and deal tasks one address may have at once in the worker pool (heavy-work.ts; 0: no limit). */
  poolPerAddress?: number;
  /** Tables one address may deal (app.ts `dealRate`; null: no limit). */
  dealRate?: CheckRate | null;
  /** Finished tables' life and the database cap (app.ts `tables`). */
  tables?: { keepDays?: number; maxDbBytes?: number | null };
  /** Play statistics: recorded unless `record` is false; days kept after a play's last request (0: for ever). */
  plays?: { record?: boolean; keepDays?: number };
  /** Timeouts and connections per address (app.ts `limits`). */
  limits?: Partial<ConnectionLimits>;
  /** Kind modules (file URLs) already loaded here, which every worker thread loads too. */
  kindModules: readonly string[];
  /** Lines for the operator: refused files, sets made, counts (`quiet` ones only when `quiet` is false). */
  report: (line: string, important: boolean) => void;
}

export interface RunningServer {
  app: FastifyInstance;
  /** `http://host:port` as bound. */
  url: string;
  /** Puzzles stored or found stored from the corpora. */
  puzzles: number;
  /** Stop the daily tick, finish the requests under way, close the pools and the database. */
  stop(): Promise<void>;
}

/** A start that could not serve what was asked for (a daily set that could not be made): exit 1. */
export class StartRefused extends Error {
  override readonly name = 'StartRefused';
}

/** Making one daily set in the background (ten puzzles; seconds on a quiet machine). */
const DAILY_TIME_LIMIT_MS = 30 * 60_000;

export async function startServer(o: StartOptions): Promise<RunningServer> {
  const where = `--host ${o.host} --port ${o.port}`;
  const corpora = o.corpora.length > 0 ? o.corpora : [o.dailyRoot];
  for (const dir of o.corpora) if (!existsSync(dir)) throw new InputError({ source: dir }, 'no such corpus folder (--corpus)');
  const serveDaily = o.corpora.length === 0;
  if (serveDaily && !o.dailyKey) throw new RangeError('startServer: serving the daily corpus (no corpora) needs dailyKey');
  await probePort(o.host, o.port).catch((e: unknown) => {
    throw new InputError({ source: where }, listenReason(e));
  });
  const dailyKey = serveDaily ? o.dailyKey!() : undefined;

  const database = await openServerDatabase(o);
  const stores = storesOf(database.server);
  const store = stores.puzzles;
  const heavyWork = new PoolHeavyWork({ kindModules: o.kindModules, perClient: o.poolPerAddress });
  const checkRate = o.checkRate === null ? null : { perMinute: o.checkRate, burst: o.checkRate };
  const app = buildServer({ ...(database.server.postgres ? { postgres: database.server.postgres } : { db: database.server.sqlite }), stores, logger: o.log ? true : 'warn', heavyWork, checkRate, corsOrigins: o.corsOrigins ?? [], limits: o.limits, dealRate: o.dealRate, tables: o.tables, ...(o.plays && { plays: o.plays }) });
  try {
    await app.listen({ port: o.port, host: o.host });
  } catch (e) {
    await app.close().catch(() => undefined);
    await heavyWork.close();
    await database.close();
    database.discardIfMade();
    throw new InputError({ source: where }, listenReason(e));
  }

  const loadCounted = async (dir: string, label = dir) => {
    try {
      const counts = await loadCorpus(store, dir, { onRefused: (line) => o.report(line, true) });
      if (counts.added > 0 || counts.refused > 0 || label === dir) {
        o.report(`${label}: ${counts.added} puzzles added, ${counts.same} already stored, ${counts.refused} refused, ${counts.dailySets} new daily sets`, false);
      }
      return counts;
    } catch (e) {
      if (e instanceof RangeError) throw new InputError({ source: dir }, e.message);
      throw e;
    }
  };
  const load = async (dir: string, label = dir) => {
    const counts = await loadCounted(dir, label);
    return counts.added + counts.same;
  };
  /**
   * A --corpus folder on PostgreSQL: read and verified by the first instance to load it, skipped
   * by every other while its content is the same (pg-corpus.ts; a changed folder is loaded again).
   */
  const loadOnce = async (dir: string): Promise<number> => {
    const pool = database.server.postgres;
    // not a folder: the loader's own refusal
    if (!pool || !statSync(dir).isDirectory()) return load(dir);
    const fingerprint = corpusFingerprint(dir);
    const loads = new PgCorpusLoads(pool);
    const skip = (done: CorpusLoad) => {
      o.report(`${dir}: not read again: the same files were loaded into this database at ${done.loadedAt} (from ${done.folder}: ${done.puzzles} puzzles, ${done.refused} refused, ${done.dailySets} daily sets)`, false);
      return done.puzzles;
    };
    const before = await loads.find(fingerprint);
    if (before) return skip(before);
    return withAdvisoryLock(
      pool,
      corpusLock(fingerprint),
      async () => {
        const done = await loads.find(fingerprint);
        if (done) return skip(done);
        const counts = await loadCounted(dir);
        await loads.record(fingerprint, { folder: resolve(dir), puzzles: counts.added + counts.same, refused: counts.refused, dailySets: counts.dailySets, loadedAt: new Date().toISOString() });
        return counts.added + counts.same;
      },
      { stopped: () => stopping },
    );
  };

  // Serving the daily corpus: today's set is made before the first answer, tomorrow's (and
  // each next day's) in a worker thread while serving, so midnight needs no restart.
  const dailyWork = new PoolHeavyWork({ queue: 1, timeLimitMs: DAILY_TIME_LIMIT_MS, kindModules: o.kindModules });
  const plan = o.dailyPlan ?? DEFAULT_PLAN;
  let stopping = false;
  /** The date's set is in this daily folder (its secret index is written last). */
  const inDailyFolder = (date: string) => existsSync(join(dailyDirs(o.dailyRoot, date).secretDir, 'index.json'));
  const ahead = new DailyAhead({
    now: () => new Date(),
    daysAhead: plan.daysAhead ?? 1,
    has: inDailyFolder,
    make: async (date) => {
      const makeHere = async (publishedElsewhere?: FingerprintEntry[]) => {
        // a set made before its day is staged, out of the public/ folder the club publishes
        const made = await dailyWork.run({ kind: 'daily', date, root: o.dailyRoot, key: dailyKey!, stagePublic: date > today(), plan: slotsFor(plan, date), ...(publishedElsewhere && { publishedElsewhere }) });
        for (const line of made.warnings) o.report(`daily ${date}: ${line}`, true);
        if (!made.ok) throw new StartRefused(made.message);
        o.report(`made the daily set of ${date} (${made.made} puzzles) into ${o.dailyRoot}/`, false);
      };
      const pool = database.server.postgres;
      if (!pool) return makeHere();
      // instances sharing PostgreSQL make a day once: under a lock, and only when no instance
      // has stored it yet (then it is stored before the lock is let go), with every instance's
      // puzzles and key in view (pg-daily.ts)
      await refusedAsStart(
        new PgDailyMemory(pool).makeDay({
          root: o.dailyRoot,
          date,
          keyId: dailyKeyId(dailyKey!),
          stored: async () => (await store.getDaily(date)) !== undefined,
          make: makeHere,
          load: async () => void (await load(dailyDirs(o.dailyRoot, date).secretDir, `${o.dailyRoot} ${date}`)),
          stopped: () => stopping,
        }),
      );
    },
    load: async (date) => {
      // the staged public parts whose day has come (missed days too) go into public/
      for (const day of await publishDue(o.dailyRoot, today())) o.report(`published the daily set of ${day} into ${o.dailyRoot}/public/`, false);
      // another instance on the same PostgreSQL made and stored it: nothing here to load
      if (!inDailyFolder(date) && (await store.getDaily(date))) return;
      await load(dailyDirs(o.dailyRoot, date).secretDir, `${o.dailyRoot} ${date}`);
    },
    report: (line) => o.report(line, true),
  });
  const stop = async () => {
    stopping = true;
    ahead.stop();
    await app.close();
    await Promise.all([heavyWork.close(), dailyWork.close()]);
    await database.close();
  };

  let puzzles = 0;
  try {
    if (serveDaily) {
      const date = today();
      // as daily does: a set made with another key is refused, not served beside new ones
      try {
        for (const day of new Set([...datesFrom(date, (plan.daysAhead ?? 1) + 1), ...lastDailySet(o.dailyRoot)])) assertSameDailyKey(o.dailyRoot, day, dailyKey!);
        // and the days every instance on the same PostgreSQL made (pg-daily.ts); this folder's
        // days the database lacks are remembered there, for the days other instances make
        // (the key is only read; the recording is under the daily lock, as every maker's)
        if (database.server.postgres) {
          const memory = new PgDailyMemory(database.server.postgres);
          await memory.assertKey(dailyKeyId(dailyKey!));
          await memory.recordFolderAtStart(o.dailyRoot, () => stopping);
        }
      } catch (e) {
        if (e instanceof RangeError) throw new StartRefused(`serve: ${e.message}`);
        throw e;
      }
      // loaded below with the whole daily corpus
      await ahead.makeMissing(date).catch((e: unknown) => {
        throw e instanceof StartRefused ? new StartRefused(`serve: the daily set of ${date}: ${e.message}`) : e;
      });
    }
    for (const dir of corpora) {
      if (!serveDaily) puzzles += await loadOnce(dir);
      // no daily folder here: another instance on the same PostgreSQL made and stored the days
      else if (!(database.server.postgres && !existsSync(dir))) puzzles += await load(dir);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  if (serveDaily) void ahead.start();
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : String(address);
  return { app, url, puzzles, stop };
}

/** A refusal of the daily memory (another key, a repeat) as the one line a start or a tick reports. */
async function refusedAsStart(work: Promise<void>): Promise<void> {
  await work.catch((e: unknown) => {
    throw e instanceof RangeError ? new StartRefused(e.message) : e;
  });
}

/** Bind the address and let it go: a port in use is found before anything else is done. */
function probePort(host: string, port: number): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done()));
  });
}

/** The newest date with a set under the daily root (none: an empty list), the one new days follow. */
function lastDailySet(root: string): string[] {
  const secretRoot = dailyDirs(root, '').secretRoot;
  if (!existsSync(secretRoot)) return [];
  const dates = readdirSync(secretRoot).filter(isDate).sort();
  return dates.length > 0 ? [dates.at(-1)!] : [];
}

function listenReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'EADDRINUSE' ? 'address in use' : code === 'EADDRNOTAVAIL' ? 'no such address here' : code === 'EACCES' ? 'permission denied' : (e as Error).message.split('\n')[0]!;
}

/** The server's database from `--db`: a postgres:// URL (pg.ts, migrated under a lock), else an SQLite file. */
async function openServerDatabase(o: StartOptions): Promise<{ server: ServerDatabase; close(): Promise<void>; discardIfMade(): void }> {
  if (isPostgresUrl(o.db)) {
    const shown = withoutPassword(o.db);
    let pool;
    try {
      pool = await openPostgres(o.db);
    } catch (e) {
      throw new StartRefused(`--db ${shown}: ${(e as Error).message.split('\n')[0]!}`);
    }
    return { server: { postgres: pool }, close: () => pool.end(), discardIfMade: () => undefined };
  }
  // another database's URL is no SQLite file name (and its password must not be printed)
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(o.db)) throw new InputError({ source: `--db ${withoutPassword(o.db)}` }, 'not a database puzzlemill serves: an SQLite file, or postgres://…');
  const freshDb = !existsSync(o.db);
  const db = open(o.db, o.db === o.defaultDb);
  const readable = freshDb || o.db === ':memory:' ? undefined : looseModeOf(o.db).looseMode;
  if (readable) o.report(`warning: the database ${o.db} can be read by other users (mode ${readable}): it holds the solutions of the days to come; chmod 600 it`, true);
  return { server: { sqlite: db }, close: async () => void db.close(), discardIfMade: () => freshDb && removeDatabaseFiles(o.db) };
}

/** A database URL as it may be printed: its password replaced. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    if (u.searchParams.has('password')) u.searchParams.set('password', '***');
    return u.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}

/**
 * Open the database, made private when new: the folder of the default path 0700, the file 0600
 * (created empty before SQLite opens it: SQLite gives its -wal and -shm files the database
 * file's mode). It holds every solution, tomorrow's included.
 */
function open(file: string, makeFolder: boolean): Db {
  const fresh = file !== ':memory:' && !existsSync(file);
  try {
    if (makeFolder) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    if (fresh && existsSync(dirname(file))) closeSync(openSync(file, 'a', 0o600));
    return openDatabase(file);
  } catch (e) {
    // nothing half-made stays behind: a database that could not be made is no database
    if (fresh) removeDatabaseFiles(file);
    const code = (e as NodeJS.ErrnoException).code;
    // not bad input but a full disk: exit 1, as a run that could not deliver
    if (code === 'SQLITE_FULL' || code === 'ENOSPC') throw new StartRefused(`--db ${file}: the disk is full`);
    throw new InputError({ source: `--db ${file}` }, (e as Error).message.split('\n')[0]!);
  }
}

