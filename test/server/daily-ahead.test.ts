/**
 * Day rollover while serving: with an injected clock at 23:50, the ticks have made and loaded
 * tomorrow's set, which stays unseen (404) until the clock crosses midnight; then
 * `/daily/today` answers it at once, with no restart, and the next tick makes the day after.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { dailyDirs, dailyPlan, makeDaily } from '../../src/pipeline/daily.ts';
import { buildServer } from '../../src/server/app.ts';
import { loadCorpus } from '../../src/server/corpus.ts';
import { addDays } from '../../src/pipeline/daily-plan.ts';
import { DailyAhead } from '../../src/server/daily-ahead.ts';

const nextDate = (date: string) => addDays(date, 1);
import { runHeavyTask } from '../../src/server/heavy-tasks.ts';
import { openDatabase } from '../../src/server/db.ts';
import { SqlitePuzzleStore } from '../../src/server/store.ts';
import { KEY } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'pm-daily-ahead-'));
const root = join(dir, 'daily');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two small slots of the real plan: the rollover, not the generators, is under test. */
const smallPlan = (date: string) => dailyPlan(date).filter((s) => s.slot === 'murder-4' || s.slot === 'numbridge-6-regular');

describe('the next day made ahead', () => {
  test('addDays(date, 1) is the calendar day after, across months, years and leap days', () => {
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2026-03-29')).toBe('2026-03-30'); // a daylight-saving Sunday in Europe
  });

  test('a clock crossing midnight: tomorrow is loaded before and served after, the next day follows', async () => {
    let clock = new Date('2026-12-01T23:50:00'); // local time, as `daily` and /daily/today read it
    const db = openDatabase(':memory:');
    const store = new SqlitePuzzleStore(db);
    const app = buildServer({ db, store, now: () => clock });
    const made: string[] = [];
    const ahead = new DailyAhead({
      now: () => clock,
      has: (date) => existsSync(join(dailyDirs(root, date).secretDir, 'index.json')),
      make: async (date) => {
        made.push(date);
        await makeDaily({ date, root, key: KEY, plan: smallPlan(date) });
      },
      load: async (date) => void (await loadCorpus(store, dailyDirs(root, date).secretDir)),
      intervalMs: 20,
    });
    try {
      await ahead.start();
      expect(made).toEqual(['2026-12-01', '2026-12-02']);
      expect((await app.inject('/daily/today')).json()).toMatchObject({ date: '2026-12-01' });
      // stored, but not yet to be seen: neither the set nor its puzzles
      const early = await app.inject('/daily/2026-12-02');
      expect(early.statusCode).toBe(404);
      const tomorrowIds = (await store.getDaily('2026-12-02'))!.ids;
      expect(tomorrowIds).toHaveLength(2);
      expect((await app.inject(`/puzzles/${tomorrowIds[0]}`)).statusCode).toBe(404);

      clock = new Date('2026-12-02T00:00:01');
      const after = await app.inject('/daily/today');
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ date: '2026-12-02' });
      expect((await app.inject(`/puzzles/${tomorrowIds[0]}`)).statusCode).toBe(200);

      // the timer's next tick makes the day after, which is unseen in turn
      while (!made.includes('2026-12-03')) await new Promise((r) => setTimeout(r, 20));
      await ahead.tick();
      expect(made).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
      expect(await store.getDaily('2026-12-03')).toBeDefined();
      expect((await app.inject('/daily/2026-12-03')).statusCode).toBe(404);
    } finally {
      ahead.stop();
      await app.close();
      db.close();
    }
  });

  test("the plan's daysAhead: today and that many days after are made, in order; a tick later only the new last day", async () => {
    const made = new Set<string>();
    const order: string[] = [];
    let clock = new Date('2026-12-30T10:00:00');
    const ahead = new DailyAhead({
      now: () => clock,
      daysAhead: 3,
      has: (date) => made.has(date),
      make: async (date) => {
        made.add(date);
        order.push(date);
      },
      load: async () => {},
    });
    await ahead.tick();
    expect(order).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    clock = new Date('2026-12-31T10:00:00');
    await ahead.tick();
    expect(order.slice(4)).toEqual(['2027-01-03']);
  });

  test("serve's worker task makes the plan's slots (serve --plan)", async () => {
    const plan = smallPlan('2026-12-09');
    const out = await runHeavyTask({ kind: 'daily', date: '2026-12-09', root: join(dir, 'planned'), key: KEY, plan });
    expect(out).toMatchObject({ ok: true, made: 2 });
    expect(readdirSync(dailyDirs(join(dir, 'planned'), '2026-12-09').secretDir).sort()).toEqual(['index.json', 'murder-4.json', 'numbridge-6-regular.json']);
  });

  test('a set that cannot be made is reported and tried again at the next tick', async () => {
    const lines: string[] = [];
    let attempts = 0;
    const ahead = new DailyAhead({
      now: () => new Date('2026-12-05T10:00:00'),
      has: () => false,
      make: async () => {
        attempts++;
        if (attempts <= 2) throw new Error('disk full');
      },
      load: async () => {},
      report: (line) => lines.push(line),
    });
    await ahead.tick();
    expect(lines).toEqual([
      'the daily set of 2026-12-05: disk full (tried again at the next tick)',
      'the daily set of 2026-12-06: disk full (tried again at the next tick)',
    ]);
    await ahead.tick();
    expect(attempts).toBe(4);
    expect(lines).toHaveLength(2);
  });
});
