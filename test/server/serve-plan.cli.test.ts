/**
 * `serve --plan FILE` (issue 29, section 2): the day-ahead worker makes the plan's slots and keeps
 * as many days ahead as its `daysAhead` says, each staged out of public/ until its day. A bad plan
 * is one line, exit 2.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { addDays } from '../../src/pipeline/daily-plan.ts';

const nextDate = (date: string) => addDays(date, 1);
import { runCli } from '../helpers/cli.ts';
import { startServe, type ServeProcess } from './serve-process.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pm-serve-plan-'));
const ENV = { PUZZLEMILL_DAILY_KEY: 'serve-plan-test-key-0123456789abcdef0123456789' };
let server: ServeProcess | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('serve --plan', () => {
  test("the plan's slots, and daysAhead days made ahead (staged until their day)", async () => {
    const plan = join(scratch, 'plan.json');
    writeFileSync(plan, JSON.stringify({ format: 'puzzlemill/daily-plan', version: 1, daysAhead: 3, slots: [{ slot: 'blitz', kind: 'numbridge', size: 6, givens: 14, level: 'easy' }] }));
    server = await startServe(['--port', '0', '--plan', plan], { cwd: scratch, env: ENV });
    const { date } = (await (await fetch(`${server.url}/daily/today`)).json()) as { date: string };
    const ahead = [nextDate(date), nextDate(nextDate(date)), nextDate(nextDate(nextDate(date)))];
    const root = join(scratch, 'corpus/daily');
    for (let waited = 0; !existsSync(join(root, 'secret', ahead[2]!, 'index.json')) && waited < 60_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    expect(readdirSync(join(root, 'staged')).sort()).toEqual(ahead);
    expect(readdirSync(join(root, 'public'))).toEqual([date]);
    for (const day of [date, ...ahead]) expect(readdirSync(join(root, 'secret', day)).sort()).toEqual(['blitz.json', 'index.json']);
    expect(existsSync(join(root, 'secret', nextDate(ahead[2]!)))).toBe(false);
  }, 90_000);

  test('a bad plan: one line, exit 2', () => {
    const bad = join(scratch, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'puzzlemill/daily-plan', version: 1, daysAhead: 99, slots: [{ slot: 'x', kind: 'murder', size: 4, level: 'easy' }] }));
    const r = runCli(['serve', '--port', '0', '--plan', bad], { cwd: scratch, env: ENV, timeoutMs: 30_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`puzzlemill: ${bad} /daysAhead: must be ≤ 30\n`);
  });
});
