/**
 * `puzzlemill serve [--db FILE] [--port P] [--host H] [--corpus DIR …] [--check-rate N]`: the
 * HTTP API for frontends. The arguments become `startServer`'s options (src/server/start.ts: the
 * port first, then the corpora, every file verified; without --corpus the daily corpus, with
 * today's set made when missing and each next day's a day ahead), kind modules of
 * PUZZLEMILL_KIND_MODULES are loaded first, and it serves until SIGINT/SIGTERM.
 */
import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { kindModulesFromEnv, loadKindModules } from '../../kinds/kind-modules.ts';
import { DAILY_KEY_ENV, loadDailyKey } from '../../pipeline/daily-key.ts';
import { EXIT_INTERRUPTED, EXIT_TERMINATED, RequestError, warn } from '../exit.ts';
import { DAILY_ROOT } from './daily.ts';
import { readPlanFile } from '../../pipeline/daily-plan.ts';
import { DEFAULT_LIMITS, DEFAULT_POOL_PER_ADDRESS } from '../../server/connection-limits.ts';
import { DEFAULT_DEAL_RATE } from '../../server/rate-limit.ts';
import { DEFAULT_KEEP_TABLES_DAYS } from '../../server/tables/retention.ts';
import { DEFAULT_KEEP_PLAYS_DAYS } from '../../server/stats/play-store.ts';

interface ServeArgs {
  db?: string;
  port: number;
  host: string;
  corpus: string[];
  keyFile?: string;
  plan?: string;
  checkRate: number;
  corsOrigin: string[];
  log: boolean;
  quiet: boolean;
  dealRate: number;
  poolPerAddress: number;
  keepTables: number;
  playStats: boolean;
  keepPlays: number;
  maxDbMb: number;
  requestTimeout: number;
  idleTimeout: number;
  connectionsPerAddress: number;
}

export const DEFAULT_DB = '.puzzlemill/server.db';

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Serve puzzles to frontends over HTTP (player forms, checks, hints, verify; /openapi.json, /demo) from an embedded SQLite database',
  builder: (y: Argv) =>
    y
      .option('db', { type: 'string', describe: `the database: an SQLite file (made on first use; WAL mode), or postgres://user@host/name for PostgreSQL, which several serve instances can share [default: $DATABASE_URL, else ${DEFAULT_DB}]` })
      .option('port', { alias: 'p', type: 'number', default: 8080, describe: 'TCP port (0: any free one, printed on stderr)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on (0.0.0.0 for every interface)' })
      .option('corpus', {
        type: 'string',
        array: true,
        default: [] as string[],
        describe: `corpora to load: a daily root (public/ and secret/), a secret date folder, or a generate --out folder (default: ${DAILY_ROOT}, with today's set made when missing)`,
      })
      .option('plan', { type: 'string', describe: 'the club\'s daily plan (as for daily --plan): the slots of the sets made while serving, and its daysAhead (default 1: tomorrow)' })
      .option('key-file', { type: 'string', describe: `the daily key for making today's set (as for daily; default $${DAILY_KEY_ENV} or .puzzlemill/daily.key)` })
      .option('check-rate', {
        type: 'number',
        default: 30,
        describe: 'checks and hints one address may send on one puzzle per minute (also the burst; on all puzzles together four times that); past it a 429 with Retry-After; 0: no limit',
      })
      .option('cors-origin', {
        type: 'string',
        array: true,
        default: [] as string[],
        describe: 'a web app on another origin that may call the API (http://host:port; repeatable); * lets any origin use the read-only routes (GET)',
      })
      .option('deal-rate', { type: 'number', default: DEFAULT_DEAL_RATE.perMinute, describe: 'tables one address may deal per minute (also the burst); past it a 429 with Retry-After; 0: no limit' })
      .option('pool-per-address', { type: 'number', default: DEFAULT_POOL_PER_ADDRESS, describe: 'verify and deal requests one address may have running or waiting at once; one more gets a 429; 0: no limit' })
      .option('keep-tables', { type: 'number', default: DEFAULT_KEEP_TABLES_DAYS, describe: 'days a finished table (and its record) is kept before it is deleted; 0: for ever' })
      .option('play-stats', { type: 'boolean', default: true, describe: 'record anonymous play per puzzle (views, checks, hints, solves) for `puzzlemill stats`, from frontends that send a Puzzlemill-Player id; --no-play-stats records nothing' })
      .option('keep-plays', { type: 'number', default: DEFAULT_KEEP_PLAYS_DAYS, describe: 'days a puzzle\'s play is kept after its last request; 0: for ever' })
      .option('max-db-mb', { type: 'number', default: 0, describe: 'no new table while the database holds more than this many MB (its pages in use; a 507); 0: no cap' })
      .option('request-timeout', { type: 'number', default: DEFAULT_LIMITS.requestTimeoutMs / 1000, describe: 'seconds a request (headers and body) may take to arrive; past it a 408 and the connection closed' })
      .option('idle-timeout', { type: 'number', default: DEFAULT_LIMITS.idleTimeoutMs / 1000, describe: 'seconds (30 or more) a connection may stay silent before it is closed (event streams send a heartbeat every 20 s)' })
      .option('connections-per-address', {
        type: 'number',
        default: DEFAULT_LIMITS.perAddress,
        describe: 'connections one client address may hold open; one more gets a 429; 0: no cap (behind a reverse proxy every client has its address)',
      })
      .option('log', { type: 'boolean', default: false, describe: 'log every request (JSON lines on stdout)' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no summary on stderr' })
      .check((a) => {
        for (const name of ['db', 'port', 'host', 'key-file', 'plan', 'check-rate', 'deal-rate', 'pool-per-address', 'keep-tables', 'keep-plays', 'max-db-mb', 'request-timeout', 'idle-timeout', 'connections-per-address']) if (Array.isArray(a[name])) return `--${name} is given more than once`;
        if (a.db === '') return '--db must not be empty';
        for (const origin of a['cors-origin'] as string[]) if (!isOrigin(origin)) return `--cors-origin ${JSON.stringify(origin)}: not an origin (scheme://host[:port], no path) or *`;
        return true;
      })
      .example('$0 serve', `today's daily set on http://127.0.0.1:8080 (from ${DEFAULT_DB})`)
      .example('$0 serve --port 9000 --corpus corpus/daily --corpus out/', 'the daily sets and a generate --out folder') as unknown as Argv<ServeArgs>,
  handler: async (args) => {
    // Fastify and the native SQLite binding load only when serving, not for every --help.
    const { startServer, StartRefused, withoutPassword } = await import('../../server/start.ts');
    const kindModules = kindModulesFromEnv();
    await loadKindModules(kindModules); // a club's kinds are served like the built-in ones
    const dailyKey = () => {
      const key = loadDailyKey({ keyFile: args.keyFile, envKey: process.env[DAILY_KEY_ENV] });
      if (key.created) warn(`puzzlemill: serve: made a new random daily key in ${resolve(key.source)} (mode 0600): keep it private and back it up`);
      if (key.looseMode) warn(`puzzlemill: serve: warning: ${key.source} can be read by other users (mode ${key.looseMode}); chmod 600 it`);
      return key.bytes;
    };
    // an empty DATABASE_URL (an unset variable in a unit file) is no URL: the default file
    const db = args.db ?? (process.env.DATABASE_URL || DEFAULT_DB);
    let server;
    try {
      server = await startServer({
        db,
        defaultDb: DEFAULT_DB,
        port: args.port,
        host: args.host,
        corpora: args.corpus,
        dailyRoot: DAILY_ROOT,
        dailyKey,
        ...(args.plan !== undefined && { dailyPlan: readPlanFile(args.plan) }),
        checkRate: args.checkRate === 0 ? null : args.checkRate,
        log: args.log,
        corsOrigins: args.corsOrigin,
        poolPerAddress: args.poolPerAddress,
        dealRate: args.dealRate === 0 ? null : { perMinute: args.dealRate, burst: args.dealRate },
        tables: { keepDays: args.keepTables, maxDbBytes: args.maxDbMb > 0 ? args.maxDbMb * 2 ** 20 : null },
        plays: { record: args.playStats, keepDays: args.keepPlays },
        limits: { requestTimeoutMs: Math.round(args.requestTimeout * 1000), idleTimeoutMs: Math.round(args.idleTimeout * 1000), perAddress: args.connectionsPerAddress },
        kindModules,
        report: (line, important) => (important || !args.quiet) && warn(`puzzlemill: serve: ${line}`),
      });
    } catch (e) {
      throw e instanceof StartRefused ? new RequestError(e.message) : e;
    }
    const { url } = server;
    if (!args.quiet) warn(`puzzlemill: serve: ${server.puzzles} puzzles from ${withoutPassword(db)} on ${url} (API: ${url}/openapi.json, demo: ${url}/demo); Ctrl-C stops`);
    // Serve until a signal; then finish the requests under way and close the database.
    const code = await new Promise<number>((done) => {
      process.once('SIGINT', () => done(EXIT_INTERRUPTED));
      process.once('SIGTERM', () => done(EXIT_TERMINATED));
    });
    await server.stop();
    process.exitCode = code;
  },
};

/** `*`, or an origin as browsers send it: scheme, host and an optional port, nothing after. */
function isOrigin(text: string): boolean {
  if (text === '*') return true;
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text;
  } catch {
    return false;
  }
}
