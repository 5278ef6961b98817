/**
 * `puzzlemill serve [--db FILE] [--port P] [--host H] [--corpus DIR …]`: the HTTP API for
 * frontends (src/server/). Loads the corpora into the embedded database — every file verified
 * first, idempotent by id — and serves until SIGINT/SIGTERM. Without --corpus it serves the daily
 * corpus, making today's set first when it is not there (as `npm start` does).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../../core/errors.ts';
import { kindModulesFromEnv } from '../../kinds/kind-modules.ts';
import { dailyDirs, makeDaily, today } from '../../pipeline/daily.ts';
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
      .option('log', { type: 'boolean', default: false, describe: 'log every request (JSON lines on stdout)' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no summary on stderr' })
      .check((a) => {
        for (const name of ['db', 'port', 'host', 'key-file']) if (Array.isArray(a[name])) return `--${name} is given more than once`;
        if (a.db === '') return '--db must not be empty';
        return true;
      })
      .example('$0 serve', `today's daily set on http://127.0.0.1:8080 (from ${DEFAULT_DB})`)
      .example('$0 serve --port 9000 --corpus corpus/daily --corpus out/', 'the daily sets and a generate --out folder') as unknown as Argv<ServeArgs>,
  handler: async (args) => {
    // Fastify and the native SQLite binding load only when serving, not for every --help.
    const [{ buildServer }, { loadCorpus }, { openDatabase }, { SqlitePuzzleStore }] = await Promise.all([
      import('../../server/app.ts'),
      import('../../server/corpus.ts'),
      import('../../server/db.ts'),
      import('../../server/store.ts'),
    ]);
    const db = open(args.db, openDatabase);
    const store = new SqlitePuzzleStore(db);
    const corpora = args.corpus.length > 0 ? args.corpus : [DAILY_ROOT];
    if (args.corpus.length === 0) await ensureToday(args.keyFile, args.quiet);
    let puzzles = 0;
    for (const dir of corpora) {
      if (!existsSync(dir)) throw new InputError({ source: dir }, 'no such corpus folder (--corpus)');
      try {
        const counts = await loadCorpus(store, dir, { onRefused: (line) => warn(`puzzlemill: serve: ${line}`) });
        puzzles += counts.added + counts.same;
        if (!args.quiet) warn(`puzzlemill: serve: ${dir}: ${counts.added} puzzles added, ${counts.same} already stored, ${counts.refused} refused, ${counts.dailySets} new daily sets`);
      } catch (e) {
        if (e instanceof RangeError) throw new InputError({ source: dir }, e.message);
        throw e;
      }
    }
    const app = buildServer({ db, logger: args.log });
    try {
      await app.listen({ port: args.port, host: args.host });
    } catch (e) {
      db.close();
      const code = (e as NodeJS.ErrnoException).code;
      const reason = code === 'EADDRINUSE' ? 'address in use' : code === 'EADDRNOTAVAIL' ? 'no such address here' : code === 'EACCES' ? 'permission denied' : (e as Error).message.split('\n')[0]!;
      throw new InputError({ source: `--host ${args.host} --port ${args.port}` }, reason);
    }
    const address = app.server.address();
    const where = typeof address === 'object' && address ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : String(address);
    if (!args.quiet) warn(`puzzlemill: serve: ${puzzles} puzzles from ${args.db} on ${where} (API: ${where}/openapi.json, demo: ${where}/demo); Ctrl-C stops`);
    // Serve until a signal; then finish the requests under way and close the database.
    const code = await new Promise<number>((done) => {
      process.once('SIGINT', () => done(EXIT_INTERRUPTED));
      process.once('SIGTERM', () => done(EXIT_TERMINATED));
    });
    await app.close();
    db.close();
    process.exitCode = code;
  },
};

function open(file: string, openDatabase: (file: string) => Db): Db {
  try {
    if (file === DEFAULT_DB) mkdirSync(dirname(file), { recursive: true });
    return openDatabase(file);
  } catch (e) {
    throw new InputError({ source: `--db ${file}` }, (e as Error).message.split('\n')[0]!);
  }
}

/** Today's daily set into the daily corpus when it is not there yet (what `npm start` makes). */
async function ensureToday(keyFile: string | undefined, quiet: boolean): Promise<void> {
  const date = today();
  if (existsSync(join(dailyDirs(DAILY_ROOT, date).secretDir, 'index.json'))) return;
  const key = loadDailyKey({ keyFile, envKey: process.env[DAILY_KEY_ENV] });
  if (key.created) warn(`puzzlemill: serve: made a new random daily key in ${resolve(key.source)} (mode 0600): keep it private and back it up`);
  try {
    const result = await makeDaily({ date, root: DAILY_ROOT, key: key.bytes, workers: 1, kindModules: kindModulesFromEnv(), onWarning: (line) => warn(`puzzlemill: serve: daily ${date}: ${line}`) });
    if (!quiet) warn(`puzzlemill: serve: made the daily set of ${date} (${result.made} puzzles) into ${DAILY_ROOT}/`);
  } catch (e) {
    if (e instanceof RangeError) throw new RequestError(e.message);
    throw e;
  }
}
