/**
 * TableChanges on PostgreSQL: the store's update sends `NOTIFY puzzlemill_tables, '<table id>'`
 * inside each move's transaction (pg-store.ts; delivered when it commits), and one connection of
 * this instance LISTENs and hands each id to the service, which reads the log and tells its
 * event streams. The listening connection is made again (every second while the database is
 * away) when it drops, and then every table followed here is read again (what was announced
 * meanwhile is lost; streams send only what they have not sent).
 */
import pg from 'pg';
import type { PgPool } from '../pg.ts';
import type { TableChanges } from './store.ts';

export const CHANNEL = 'puzzlemill_tables';
/** Handed to `onChange` after a reconnect: every table followed may have changed. */
export const RESYNC = '*';
const RECONNECT_MS = 1000;

export class PgTableChanges implements TableChanges {
  constructor(private readonly pool: PgPool) {}

  async listen(onChange: (id: string) => void, onError: (error: unknown, doing: string) => void): Promise<() => Promise<void>> {
    // (onChange(RESYNC) after a reconnect: the ids announced meanwhile are unknown)
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let reported = false;
    // one retry pending at most, whatever ended the connection (a drop, a failed connect)
    const schedule = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect().catch((e: unknown) => {
          // said once an outage, not each second of it
          if (!reported) onError(e, "listening for other instances' table moves again (tried again each second)");
          reported = true;
          schedule();
        });
      }, RECONNECT_MS).unref();
    };
    const connect = async (): Promise<void> => {
      // the pool's own settings: the same server, user and database
      const c = new pg.Client({ ...(this.pool as unknown as { options: pg.ClientConfig }).options, keepAlive: true });
      c.on('notification', (n) => {
        if (n.channel === CHANNEL && n.payload) onChange(n.payload);
      });
      c.on('error', () => undefined); // 'end' follows
      c.on('end', schedule);
      try {
        await c.connect();
        await c.query(`LISTEN ${CHANNEL}`);
        // stopped while this connection was being made: it must not listen on, keeping the process alive
        if (stopped) {
          await c.end().catch(() => undefined);
          return;
        }
        const again = client !== undefined;
        client = c;
        reported = false;
        // what was announced while no connection listened is lost: every table followed here is read again
        if (again) onChange(RESYNC);
      } catch (e) {
        await c.end().catch(() => undefined);
        throw e;
      }
    };
    try {
      await connect();
    } catch (e) {
      onError(e, "listening for other instances' table moves (tried again each second)");
      schedule();
    }
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  }
}
