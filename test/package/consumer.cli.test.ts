/**
 * The published package as a consumer gets it (issue 13 §2): `npm pack`'s tarball unpacked into a
 * scratch project's node_modules, with puzzlemill's runtime dependencies beside it (linked from
 * this checkout: the machine is offline and npm's cache does not hold them, so
 * `npm install --offline <tgz>` cannot run here) and nothing else — no tsx, no TypeScript sources.
 * There: a file using the API type-checks with `tsc --init`'s defaults, runs as ESM, the package
 * loads through `require` (Node ≥ 20.19's require(esm)), the bin runs, and the pool's worker is
 * the compiled one. `puzzlemill/client`: typed calls compile under the same defaults and wrong
 * ones do not, and they run against the package's own `puzzlemill serve`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/cli.ts';
import { startServe, type ServeProcess } from '../server/serve-process.ts';

const project = mkdtempSync(join(tmpdir(), 'pm-package-'));
const installed = join(project, 'node_modules/puzzlemill');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
afterAll(() => rmSync(project, { recursive: true, force: true }));

function run(command: string, args: string[]) {
  return spawnSync(command, args, { cwd: project, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
}

beforeAll(() => {
  // dist/ is fresh (test/global-build.ts); --ignore-scripts: `prepare` would only rebuild it
  const pack = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], { cwd: ROOT, encoding: 'utf8' });
  expect(pack.status, pack.stderr).toBe(0);
  const tarball = join(project, (JSON.parse(pack.stdout) as Array<{ filename: string }>)[0]!.filename);
  mkdirSync(installed, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], { encoding: 'utf8' });
  expect(untar.status, untar.stderr).toBe(0);
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of Object.keys(manifest.dependencies)) {
    mkdirSync(dirname(join(project, 'node_modules', dep)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), join(project, 'node_modules', dep), 'dir');
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
}, 120_000);

describe('the packed package in a scratch consumer', () => {
  test('is compiled code only: no tsx among its dependencies, no TypeScript sources', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(existsSync(join(installed, 'src'))).toBe(false);
    expect(existsSync(join(installed, 'dist/index.d.ts'))).toBe(true);
  });

  test("a TypeScript file using the API compiles with tsc --init's defaults (zero errors) and runs", () => {
    expect(run(process.execPath, [TSC, '--init']).status).toBe(0);
    writeFileSync(
      join(project, 'app.ts'),
      [
        "import { generateBoard, grade, playerForm, renderSvg, solve, verify, type NumbridgeBoardFile } from 'puzzlemill';",
        "import * as browser from 'puzzlemill/browser';",
        '',
        "const board: NumbridgeBoardFile = generateBoard({ size: 6, blocks: 'irregular', givens: 14 }, 'consumer/1');",
        'const status: string = verify(board).status;',
        "const count: number = solve('1.........4.....', { limit: 2 }).count;",
        'const level: number | undefined = grade(board).grade?.level;',
        'const svg: string = renderSvg(playerForm(board));',
        "const sameInBrowserEntry: boolean = browser.renderSvg(browser.playerForm(browser.generateBoard({ size: 6, blocks: 'irregular', givens: 14 }, 'consumer/1'))) === svg;",
        "console.log(JSON.stringify({ status, count, level: level === board.public.grade.level, svg: svg.startsWith('<svg'), sameInBrowserEntry }));",
      ].join('\n'),
    );
    const tsc = run(process.execPath, [TSC, '-p', '.']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const app = run(process.execPath, ['app.js']);
    expect(app.stderr).toBe('');
    expect(JSON.parse(app.stdout)).toEqual({ status: 'ok', count: 2, level: true, svg: true, sameInBrowserEntry: true });
  });

  test("require('puzzlemill') works from CommonJS", () => {
    writeFileSync(
      join(project, 'app.cjs'),
      [
        "const { solve, verify, generateCase } = require('puzzlemill');",
        "const kase = generateCase({ size: 5, level: 'easy' }, 'cjs/1');",
        "console.log(JSON.stringify({ count: solve('1.........4.....', { limit: 2 }).count, status: verify(kase).status }));",
      ].join('\n'),
    );
    const app = run(process.execPath, ['app.cjs']);
    expect(app.stderr).toBe('');
    expect(JSON.parse(app.stdout)).toEqual({ count: 2, status: 'ok' });
  });

  test('the bin runs from the package, and the pool runs its compiled worker (no tsx to load)', () => {
    const bin = join(installed, 'dist/cli/puzzlemill.js');
    const version = run(process.execPath, [bin, '--version']);
    expect(version.stdout).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version + '\n');
    const solved = spawnSync(process.execPath, [bin, 'solve'], { cwd: project, input: '1.2.......34....:AAABCABBCCDBCDDD\n', encoding: 'utf8' });
    expect(solved.stderr).toBe('');
    expect(solved.status).toBe(0);
    // a task on a real worker thread, and the same task in this thread: the same result (the
    // internals by path: `exports` names only the API)
    writeFileSync(
      join(project, 'pool.mjs'),
      [
        "import { kindNamed } from 'puzzlemill';",
        "import { PoolExecutor } from './node_modules/puzzlemill/dist/pipeline/executor.js';",
        "import { runTask } from './node_modules/puzzlemill/dist/pipeline/tasks.js';",
        "const task = { type: 'generate', kind: 'numbridge', kindModules: [], request: kindNamed('numbridge').parseRequest({ size: 4 }), runSeed: 'pool', indices: [0, 1], player: false, attempts: 1, fingerprint: false };",
        'const pool = new PoolExecutor(1);',
        'const pooled = await pool.run(task);',
        'await pool.close();',
        "const made = (r) => JSON.stringify(r.outcomes.map((o) => o.ok && o.text)); // not r.ms: the batch's wall time",
        'console.log(made(pooled) === made(runTask(task)) && pooled.outcomes.length === 2 ? "same" : "different");',
      ].join('\n'),
    );
    const pool = run(process.execPath, ['pool.mjs']);
    expect(pool.stderr).toBe('');
    expect(pool.stdout).toBe('same\n');
  });
});

describe('puzzlemill/client in the scratch consumer', () => {
  const bin = join(installed, 'dist/cli/puzzlemill.js');
  let server: ServeProcess | null = null;
  afterAll(async () => void (await server?.stop()));

  /** `tsc -p` over one file with `tsc --init`'s options (made once, by this test or the one above). */
  function typecheck(file: string) {
    if (!existsSync(join(project, 'tsconfig.json'))) expect(run(process.execPath, [TSC, '--init']).status).toBe(0);
    writeFileSync(join(project, `tsconfig.${file}.json`), JSON.stringify({ extends: './tsconfig.json', files: [file] }));
    const tsc = run(process.execPath, [TSC, '-p', `tsconfig.${file}.json`]);
    return { status: tsc.status, output: tsc.stdout + tsc.stderr };
  }

  test('a wrong call does not compile: a body field the route lacks, a wrong type, a missing path parameter, a path the API lacks', () => {
    writeFileSync(
      join(project, 'client-wrong.ts'),
      [
        "import { createPuzzlemillClient } from 'puzzlemill/client';",
        "const client = createPuzzlemillClient('http://127.0.0.1:1');",
        "await client.checkPuzzle({ path: { id: 'x' }, body: { digits: [1] } });",
        "await client.checkPuzzle({ path: { id: 'x' }, body: { cells: [{ row: 0, column: 0, digit: '1' }] } });",
        "await client.getPuzzle({});",
        "await client.GET('/puzzle/{id}', { params: { path: { id: 'x' } } });",
        "await client.createTable({ body: { variant: 'chess' } });",
      ].join('\n'),
    );
    const { status, output } = typecheck('client-wrong.ts');
    expect(status).not.toBe(0);
    // one error on each wrong line, and none elsewhere
    const lines = [...output.matchAll(/client-wrong\.ts\((\d+),\d+\): error TS/g)].map((m) => Number(m[1]));
    expect([...new Set(lines)]).toEqual([3, 4, 5, 6, 7]);
    expect(output).toContain("'digits' does not exist");
    expect(output).toContain('"/puzzle/{id}"');
  });

  test('typed calls compile with zero errors and run against `puzzlemill serve` of the package: the daily set, a check, a hint, a table read with its seat token', async () => {
    const work = join(project, 'serve');
    mkdirSync(work);
    writeFileSync(join(work, 'key'), 'consumer-test-daily-key-0123456789abcdef0123\n', { mode: 0o600 });
    // today's set (the server's local date, as /daily/today reads it)
    const daily = spawnSync(process.execPath, [bin, 'daily', '--out', 'daily', '--key-file', 'key', '-q'], { cwd: work, encoding: 'utf8' });
    expect(daily.status, daily.stderr).toBe(0);
    server = await startServe(['--port', '0', '--host', '127.0.0.1', '--db', join(work, 'server.db'), '--corpus', 'daily'], { cwd: work, bin });
    writeFileSync(
      join(project, 'client.ts'),
      [
        "import { createPuzzlemillClient, type PlayerForm } from 'puzzlemill/client';",
        '',
        `const client = createPuzzlemillClient(${JSON.stringify(server.url)});`,
        "const daily = await client.getDaily({ path: { date: 'today' } });",
        "if (!daily.data) throw new Error(daily.error?.error ?? 'no daily set');",
        'const puzzles: PlayerForm[] = daily.data.puzzles;',
        "const board = puzzles.find((p) => p.format === 'puzzlemill/numbridge-board');",
        "if (board?.format !== 'puzzlemill/numbridge-board') throw new Error('no board today');",
        'const size: number = board.public.size;',
        'const id = board.id;',
        'const check = await client.checkPuzzle({ path: { id }, body: { cells: [{ row: 0, column: 0, digit: 1 }] } });',
        'const hint = await client.hintPuzzle({ path: { id }, body: {} });',
        "const table = await client.createTable({ body: { variant: 'blitz' } });",
        "if (!table.data) throw new Error(table.error?.error ?? 'no table');",
        'const [seat] = table.data.seats;',
        "if (!seat) throw new Error('no seat');",
        `const seated = createPuzzlemillClient(${JSON.stringify(server.url)}, { seatToken: seat.token });`,
        'const view = await seated.getTable({ path: { id: table.data.id } });',
        'console.log(JSON.stringify({',
        '  puzzles: puzzles.length === daily.data.index.puzzles.length,',
        '  size,',
        "  checked: check.response.status === 200 && typeof check.data?.right === 'boolean',",
        '  hinted: hint.response.status === 200 && hint.data?.solved === false,',
        '  dealt: table.response.status,',
        '  seat: view.data?.seat === seat.seat,',
        '}));',
      ].join('\n'),
    );
    const { status, output } = typecheck('client.ts');
    expect(output).toBe('');
    expect(status).toBe(0);
    const app = run(process.execPath, ['client.js']);
    expect(app.stderr).toBe('');
    expect(JSON.parse(app.stdout)).toEqual({ puzzles: true, size: expect.any(Number), checked: true, hinted: true, dealt: 201, seat: true });
  }, 180_000);

  test("the README's Typed client example compiles and runs as it is (the server's address put in)", () => {
    expect(server, 'the test above starts the server').not.toBeNull();
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = /```ts client\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Typed client')))![1]!;
    expect(example).toContain("'http://127.0.0.1:8080'");
    writeFileSync(join(project, 'readme-client.ts'), example.replaceAll("'http://127.0.0.1:8080'", JSON.stringify(server!.url)));
    const { status, output } = typecheck('readme-client.ts');
    expect(output).toBe('');
    expect(status).toBe(0);
    const app = run(process.execPath, ['readme-client.js']);
    expect(app.stderr).toBe('');
    expect(app.stdout).toMatch(/^\S+ \d×\d\nr1c1 = 5 is (right|wrong)\nnext hint: \d+ steps\nseat 1 holds \[[\d, ]+\]\n$/);
  });
});
