/**
 * `puzzlemill serve [--db FILE] [--port P] [--host H] [--corpus DIR …] [--check-rate N]`: the
 * HTTP API for frontends (src/server/). Binds the port first, then loads the corpora into the
 * embedded database — every file verified first, idempotent by id — and serves until
 * SIGINT/SIGTERM. Without --corpus it serves the daily corpus, making today's set first when it is
 * not there (as `npm start` does) and each next day's set a day ahead while serving.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../../core/errors.ts';
import { kindModulesFromEnv } from '../../kinds/kind-modules.ts';
import { dailyDirs, today } from '../../pipeline/daily.ts';
import { DAILY_KEY_ENV, loadDailyKey } from '../../pipeline/daily-key.ts';
import type { Db } from '../../server/db.ts';
import { EXIT_INTERRUPTED, EXIT_TERMINATED, RequestError, warn } from '../exit.ts';
import { DAILY_ROOT } from './daily.ts';

interface ServeArgs {
  db: string;
  port: number;
  host: string;
  corpus: string[];
  keyFile?: string;
  checkRate: number;
  log: boolean;
  quiet: boolean;
}

export const DEFAULT_DB = '.puzzlemill/server.db';

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Serve puzzles to frontends over HTTP (player forms, checks, hints, verify; /openapi.json, /demo) from an embedded SQLite database',
  builder: (y: Argv) =>
    y
      .option('db', { type: 'string', default: DEFAULT_DB, describe: 'the SQLite database file (made on first use; WAL mode)' })
      .option('port', { alias: 'p', type: 'number', default: 8080, describe: 'TCP port (0: any free one, printed on stderr)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on (0.0.0.0 for every interface)' })
      .option('corpus', {
        type: 'string',
        array: true,
        default: [] as string[],
        describe: `corpora to load: a daily root (public/ and secret/), a secret date folder, or a generate --out folder (default: ${DAILY_ROOT}, with today's set made when missing)`,
      })
      .option('key-file', { type: 'string', describe: `the daily key for making today's set (as for daily; default $${DAILY_KEY_ENV} or .puzzlemill/daily.key)` })
      .option('check-rate', {
        type: 'number',
        default: 30,
        describe: 'checks and hints one address may send on one puzzle per minute (also the burst); past it a 429 with Retry-After; 0: no limit',
      })
      .option('log', { type: 'boolean', default: false, describe: 'log every request (JSON lines on stdout)' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no summary on stderr' })
      .check((a) => {
        for (const name of ['db', 'port', 'host', 'key-file', 'check-rate']) if (Array.isArray(a[name])) return `--${name} is given more than once`;
        if (a.db === '') return '--db must not be empty';
        return true;
      })
      .example('$0 serve', `today's daily set on http://127.0.0.1:8080 (from ${DEFAULT_DB})`)
      .example('$0 serve --port 9000 --corpus corpus/daily --corpus out/', 'the daily sets and a generate --out folder') as unknown as Argv<ServeArgs>,
  handler: async (args) => {
    // Fastify and the native SQLite binding load only when serving, not for every --help.
    const [{ buildServer }, { loadCorpus }, { openDatabase }, { SqlitePuzzleStore }, { PoolHeavyWork }, { DailyAhead }] = await Promise.all([
      import('../../server/app.ts'),
      import('../../server/corpus.ts'),
      import('../../server/db.ts'),
      import('../../server/store.ts'),
      import('../../server/heavy-work.ts'),
      import('../../server/daily-ahead.ts'),
    ]);
    const where = `--host ${args.host} --port ${args.port}`;
    const corpora = args.corpus.length > 0 ? args.corpus : [DAILY_ROOT];
    for (const dir of args.corpus) if (!existsSync(dir)) throw new InputError({ source: dir }, 'no such corpus folder (--corpus)');
    // The port first: a start that cannot serve must not have touched the database (no
    // migration, no corpus loaded). The probe catches a port in use before the database is
    // opened; loading waits until the real listen has succeeded.
    await probePort(args.host, args.port).catch((e: unknown) => {
      throw new InputError({ source: where }, listenReason(e));
    });
    const key = args.corpus.length === 0 ? loadDailyKey({ keyFile: args.keyFile, envKey: process.env[DAILY_KEY_ENV] }) : undefined;
    if (key?.created) warn(`puzzlemill: serve: made a new random daily key in ${resolve(key.source)} (mode 0600): keep it private and back it up`);

    const freshDb = !existsSync(args.db);
    const db = open(args.db, openDatabase);
    const store = new SqlitePuzzleStore(db);
    const heavyWork = new PoolHeavyWork();
    const checkRate = args.checkRate === 0 ? null : { perMinute: args.checkRate, burst: args.checkRate };
    const app = buildServer({ db, logger: args.log, heavyWork, checkRate });
    try {
      await app.listen({ port: args.port, host: args.host });
    } catch (e) {
      await app.close().catch(() => undefined);
      await heavyWork.close();
      db.close();
      if (freshDb) for (const suffix of ['', '-wal', '-shm']) rmSync(args.db + suffix, { force: true });
      throw new InputError({ source: where }, listenReason(e));
    }

    const load = async (dir: string, label = dir) => {
      try {
        const counts = await loadCorpus(store, dir, { onRefused: (line) => warn(`puzzlemill: serve: ${line}`) });
        if (!args.quiet && (counts.added > 0 || counts.refused > 0 || label === dir)) {
          warn(`puzzlemill: serve: ${label}: ${counts.added} puzzles added, ${counts.same} already stored, ${counts.refused} refused, ${counts.dailySets} new daily sets`);
        }
        return counts.added + counts.same;
      } catch (e) {
        if (e instanceof RangeError) throw new InputError({ source: dir }, e.message);
        throw e;
      }
    };

    // Serving the daily corpus: today's set is made before the first answer, tomorrow's (and
    // each next day's) in a worker thread while serving, so midnight needs no restart.
    const dailyWork = new PoolHeavyWork({ queue: 1, timeLimitMs: DAILY_TIME_LIMIT_MS });
    const ahead = new DailyAhead({
      now: () => new Date(),
      has: (date) => existsSync(join(dailyDirs(DAILY_ROOT, date).secretDir, 'index.json')),
      make: async (date) => {
        const made = await dailyWork.run({ kind: 'daily', date, root: DAILY_ROOT, key: key!.bytes, kindModules: kindModulesFromEnv() });
        for (const line of made.warnings) warn(`puzzlemill: serve: daily ${date}: ${line}`);
        if (!made.ok) throw new RequestError(made.message);
        if (!args.quiet) warn(`puzzlemill: serve: made the daily set of ${date} (${made.made} puzzles) into ${DAILY_ROOT}/`);
      },
      load: async (date) => void (await load(dailyDirs(DAILY_ROOT, date).secretDir, `${DAILY_ROOT} ${date}`)),
      report: (line) => warn(`puzzlemill: serve: ${line}`),
    });
    const stop = async () => {
      ahead.stop();
      await app.close();
      await Promise.all([heavyWork.close(), dailyWork.close()]);
      db.close();
    };

    let puzzles = 0;
    try {
      if (key) {
        const date = today();
        // loaded below with the whole daily corpus
        await ahead.makeMissing(date).catch((e: unknown) => {
          throw e instanceof RequestError ? new RequestError(`serve: the daily set of ${date}: ${e.message}`) : e;
        });
      }
      for (const dir of corpora) puzzles += await load(dir);
    } catch (e) {
      await stop();
      throw e;
    }
    if (key) void ahead.start();
    const address = app.server.address();
    const url = typeof address === 'object' && address ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : String(address);
    if (!args.quiet) warn(`puzzlemill: serve: ${puzzles} puzzles from ${args.db} on ${url} (API: ${url}/openapi.json, demo: ${url}/demo); Ctrl-C stops`);
    // Serve until a signal; then finish the requests under way and close the database.
    const code = await new Promise<number>((done) => {
      process.once('SIGINT', () => done(EXIT_INTERRUPTED));
      process.once('SIGTERM', () => done(EXIT_TERMINATED));
    });
    await stop();
    process.exitCode = code;
  },
};

/** Making one daily set in the background (ten puzzles; seconds on a quiet machine). */
const DAILY_TIME_LIMIT_MS = 30 * 60_000;

/** Bind the address and let it go: a port in use is found before anything else is done. */
function probePort(host: string, port: number): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done()));
  });
}

function listenReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'EADDRINUSE' ? 'address in use' : code === 'EADDRNOTAVAIL' ? 'no such address here' : code === 'EACCES' ? 'permission denied' : (e as Error).message.split('\n')[0]!;
}

function open(file: string, openDatabase: (file: string) => Db): Db {
  try {
    if (file === DEFAULT_DB) mkdirSync(dirname(file), { recursive: true });
    return openDatabase(file);
  } catch (e) {
    throw new InputError({ source: `--db ${file}` }, (e as Error).message.split('\n')[0]!);
  }
}
