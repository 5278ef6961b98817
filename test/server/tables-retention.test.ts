/**
 * Tables do not fill the disk (src/server/tables/retention.ts): a table whose game ended is
 * deleted after its days, with its log (an open one is not), over the database cap no new table
 * is dealt — a 507 in one line — and a full database is a 503 in one line, not a 500.
 */
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db.ts';
import { tableRoutes } from '../../src/server/tables/routes.ts';
import { TableService } from '../../src/server/tables/service.ts';
import { SqliteTableStore } from '../../src/server/tables/sqlite-store.ts';
import { bearer, newTable, sendMove, storedLog, tablesApp } from './tables-helper.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pm-retention-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('a table whose game ended is deleted after its days, its log with it; an open one stays', async () => {
  const h = await tablesApp({ seed: 'retention' });
  try {
    const ended = await newTable(h.app);
    const open = await newTable(h.app, { variant: 'bridge', board: { size: 4 }, room: { turnSeconds: 3600, gameSeconds: 86400 } });
    expect((await sendMove(h.app, ended.id, ended.tokens[1], { kind: 'resign' })).statusCode).toBe(200);
    const service = new TableService(new SqliteTableStore(h.db), { now: () => h.clock.now });
    const day = 86_400_000;
    h.tick(29 * day);
    expect(await service.expire(30 * day)).toBe(0);
    h.tick(2 * day);
    expect(await service.expire(30 * day)).toBe(1);
    expect((await h.app.inject({ url: `/tables/${ended.id}`, headers: bearer(ended.tokens[0]) })).statusCode).toBe(404);
    expect(storedLog(h.db, ended.id)).toEqual([]);
    expect((await h.app.inject({ url: `/tables/${open.id}`, headers: bearer(open.tokens[0]) })).statusCode).toBe(200);
  } finally {
    await h.close();
  }
});

test('over the database cap no table is dealt (507, one line)', async () => {
  const db = openDatabase(join(scratch, 'capped.db'));
  const app = Fastify({ logger: false });
  await app.register(tableRoutes, { db, dealSeed: () => 'cap', maxDbBytes: 1 });
  await app.ready();
  try {
    const refused = await app.inject({ method: 'POST', url: '/tables', payload: { variant: 'blitz' } });
    expect([refused.statusCode, refused.json()]).toEqual([507, { error: "the server's storage is full (the database is over its cap, serve --max-db-mb): no new tables until finished ones expire" }]);
  } finally {
    await app.close();
    db.close();
  }
});

test('a full database (its page limit standing in for a full disk): a 503 in one line, never a 500; what was stored still plays', async () => {
  const h = await tablesApp({ seed: 'full' });
  try {
    const first = await newTable(h.app);
    h.db.pragma(`max_page_count = ${h.db.pragma('page_count', { simple: true }) as number}`);
    let answer;
    for (let tries = 0; tries < 200; tries++) {
      answer = await h.app.inject({ method: 'POST', url: '/tables', payload: { variant: 'bridge', board: { size: 4 } } });
      if (answer.statusCode !== 201) break;
    }
    expect([answer!.statusCode, answer!.json()]).toEqual([503, { error: "the server's disk is full: nothing was stored; try again later" }]);
    expect((await h.app.inject({ url: `/tables/${first.id}`, headers: bearer(first.tokens[0]) })).statusCode).toBe(200);
  } finally {
    await h.close();
  }
});
