/**
 * src/kinds/README.md's walk-through, done: its code blocks are written to a scratch folder as
 * they stand, loaded as an extra kind module (PUZZLEMILL_KIND_MODULES), and the compiled binary
 * generates, verifies, draws, solves and grades the kind — with no CLI code for it anywhere.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.ts';
import { kindFolder } from '../helpers/kind-folder.ts';
import { startServe } from '../server/serve-process.ts';

const README = readFileSync(join(ROOT, 'src/kinds/README.md'), 'utf8');
const BLOCKS = Object.fromEntries([...README.matchAll(/^```ts (\S+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]));
const dir = kindFolder(BLOCKS);
const env = { PUZZLEMILL_KIND_MODULES: join(dir, 'toy/index.ts') };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (text: string) => text.trim().split('\n');

describe('the toy kind of src/kinds/README.md', () => {
  test('the README holds the folder: schema, rules, adapter, registry line', () => {
    expect(Object.keys(BLOCKS).sort()).toEqual(['toy/chain.ts', 'toy/index.ts', 'toy/kind.ts', 'toy/schema.ts']);
  });

  const made = runCli(['generate', 'chain', '--length', '8', '--count', '3', '--seed', 'club', '-q', '-j', '1'], { env });

  test('generate chain: options from its request schema, the same bytes for the same seed on any worker count', () => {
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const files = lines(made.stdout).map((l) => JSON.parse(l));
    expect(files).toHaveLength(3);
    for (const f of files) expect(f).toMatchObject({ format: 'toy/chain', public: { sums: expect.any(Array) }, secret: { digits: expect.any(Array) } });
    expect(files[0].secret.digits).toHaveLength(8);
    expect(runCli(['generate', 'chain', '--length', '8', '--count', '3', '--seed', 'club', '-q', '-j', '2'], { env }).stdout).toBe(made.stdout);
    const help = runCli(['generate', 'chain', '--help'], { env });
    expect(help.stdout).toMatch(/--length\s+hidden digits in the chain\s+\[number\] \[default: 6\]/);
    expect(help.stdout).toContain('three chains of eight digits');
    const bad = runCli(['generate', 'chain', '--length', '20', '--seed', 'x', '-q'], { env });
    expect(bad.code).toBe(2);
    expect(lines(bad.stderr)).toEqual(['puzzlemill: length: must be ≤ 12, not 20 (see --help)']);
  });

  test('daily --plan: a slot of the kind, its request fields under options', () => {
    const plan = join(dir, 'plan.json');
    writeFileSync(plan, JSON.stringify({ format: 'puzzlemill/daily-plan', version: 1, slots: [{ slot: 'chain-8', kind: 'chain', options: { length: 8 }, level: 'any' }] }));
    const out = join(dir, 'daily');
    const r = runCli(['daily', '--date', '2026-12-07', '--out', out, '--plan', plan, '-q'], { env: { ...env, PUZZLEMILL_DAILY_KEY: 'a test key for the toy kind, of 32+ characters' } });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const made = JSON.parse(readFileSync(join(out, 'secret/2026-12-07/chain-8.json'), 'utf8'));
    expect(made.secret.digits).toHaveLength(8);
  });

  test('verify: the kind checks its files, in this thread and in the pool', () => {
    for (const workers of ['1', '2']) {
      const r = runCli(['verify', '-q', '-j', workers], { input: made.stdout, env });
      expect(r.code).toBe(0);
      expect(lines(r.stdout)).toEqual(['<stdin>:1: ok: chain 8 digits', '<stdin>:2: ok: chain 8 digits', '<stdin>:3: ok: chain 8 digits']);
    }
    const file = JSON.parse(lines(made.stdout)[0]!);
    file.public.sums[0] = 18; // a first digit of 9 leaves no room
    file.public.first = 9;
    file.public.sums[1] = 2;
    expect(runCli(['verify', '-q'], { input: JSON.stringify(file), env }).stdout).toMatch(/^<stdin>:1: FAIL: chain 8 digits: has no solution/);
  });

  test('render: its drawer, the player form unless the solution is asked for', () => {
    const file = JSON.parse(lines(made.stdout)[0]!);
    const player = runCli(['render'], { input: JSON.stringify(file), env });
    expect(player.code).toBe(0);
    expect(player.stdout).toMatch(/^<svg /);
    expect((player.stdout.match(/<rect /g) ?? []).length).toBe(8);
    expect((player.stdout.match(/<text [^>]*text-anchor="middle">\d<\/text>/g) ?? []).length).toBe(1);
    const solved = runCli(['render', '--solution'], { input: JSON.stringify(file), env });
    expect((solved.stdout.match(/<text [^>]*text-anchor="middle">\d<\/text>/g) ?? []).length).toBe(8);
  });

  test('solve and grade: its capabilities', () => {
    const files = lines(made.stdout).map((l) => JSON.parse(l));
    const players = files.map(({ secret: _s, ...player }) => JSON.stringify(player)).join('\n');
    const solved = runCli(['solve'], { input: players, env });
    expect(solved).toMatchObject({ code: 0, stderr: '' });
    expect(lines(solved.stdout)).toEqual(files.map((f) => f.secret.digits.join('')));
    expect(runCli(['solve', '--count'], { input: players, env }).stdout).toBe('1\n1\n1\n');
    const graded = runCli(['grade'], { input: players, env });
    expect(graded.code).toBe(0);
    expect(lines(graded.stdout)).toEqual(files.map((f, i) => `<stdin>:${i + 1} ${f.id}  easy (level 1): subtract ×7`));
  });

  test('serve: its files listed with their facts, checks by its position rules, no server code for it', async () => {
    const files = lines(made.stdout).map((l) => JSON.parse(l));
    mkdirSync(join(dir, 'served'), { recursive: true });
    writeFileSync(join(dir, 'served/chains.ndjson'), made.stdout);
    const server = await startServe(['--port', '0', '--db', join(dir, 'served.db'), '--corpus', 'served'], { cwd: dir, env });
    try {
      const post = (path: string, body: unknown) => fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const listed = (await (await fetch(`${server.url}/puzzles?kind=chain&grade=easy`)).json()) as { puzzles: Array<{ id: string; size: number; level: number }> };
      expect(listed.puzzles.map((p) => [p.id, p.size, p.level]).sort()).toEqual(files.map((f) => [f.id, 8, 1]).sort());
      const { id, secret } = files[0];
      const wrongFirst = [secret.digits[0] === 9 ? 1 : secret.digits[0] + 1, ...secret.digits.slice(1, 3)];
      const check = await post(`/puzzles/${id}/check`, { digits: wrongFirst });
      expect(check.status).toBe(200);
      expect(await check.json()).toEqual({ right: false, solved: false, wrong: [0] });
      expect(await (await post(`/puzzles/${id}/check`, { digits: secret.digits })).json()).toEqual({ right: true, solved: true, wrong: [] });
      // the kind's schema and its own refusals, as one-line 400s; no hints: it has none
      const bad = await post(`/puzzles/${id}/check`, { digits: [0] });
      expect([bad.status, await bad.json()]).toEqual([400, { error: 'body/digits/0 must be >= 1' }]);
      const long = await post(`/puzzles/${id}/check`, { digits: Array(9).fill(1) });
      expect([long.status, await long.json()]).toEqual([400, { error: 'body/digits: 9 digits, the chain has 8' }]);
      const hint = await post(`/puzzles/${id}/hint`, {});
      expect([hint.status, await hint.json()]).toEqual([400, { error: `puzzle ${id}: hints for toy/chain are not supported` }]);
      // POST /verify runs in the server's worker pool, which loads the kind module too
      const verified = (await (await post('/verify', files[1])).json()) as { status: string; summary: string };
      expect(verified).toMatchObject({ status: 'ok', summary: '8 digits' });
      const api = JSON.stringify(await (await fetch(`${server.url}/openapi.json`)).json());
      expect(api).toContain('ChainPosition');
      expect(api).toContain('NumbridgePosition');
    } finally {
      await server.stop();
    }
  });
});
