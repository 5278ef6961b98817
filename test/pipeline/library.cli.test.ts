/**
 * The library API as a dependent project sees it: `import … from 'puzzlemill'` in plain Node 20,
 * no loader flags, from a scratch project whose node_modules links to this repository (what
 * `npm install ../puzzlemill` makes): the compiled dist/ that test/global-build.ts makes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import * as api from '../../src/index.ts';
import { generateBoard, generateCase, grade, playerForm, solve, verify } from '../../src/index.ts';
import { ROOT } from '../helpers/cli.ts';

const project = mkdtempSync(join(tmpdir(), 'pm-consumer-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
mkdirSync(join(project, 'node_modules'));
symlinkSync(ROOT, join(project, 'node_modules/puzzlemill'), 'dir');
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', dependencies: { puzzlemill: 'file:' + ROOT } }));

function runInConsumer(name: string, code: string) {
  writeFileSync(join(project, name), code);
  return spawnSync(process.execPath, [name], { cwd: project, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
}

describe('library API', () => {
  test('works in-process: solve, grade, verify', () => {
    expect(solve('1.........4.....', { limit: 2 }).count).toBe(2);
    const g = grade('.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...', { steps: true });
    expect(g.guessFree).toBe(true);
    expect(g.steps.length).toBeGreaterThan(0);
    expect(verify('11..............')).toMatchObject({ status: 'bad-input', problems: ['givens clash: 1 at r1c1 and r1c2 share a row'] });
    expect(verify('{"format":')).toMatchObject({ status: 'bad-input' });
    expect(verify({ format: 'puzzlemill/numbridge-board' })).toMatchObject({ status: 'bad-input', problems: ['missing field "version"'] });
    const board = generateBoard({ size: 9, blocks: 'regular', givens: 30 }, 'deal-1');
    expect(board).toEqual(generateBoard({ size: 9, blocks: 'regular', givens: 30 }, 'deal-1')); // same seed, same board
    expect(verify(board)).toMatchObject({ status: 'ok', problems: [] });
    expect(grade(board).grade).toEqual(board.public.grade);
    const kase = generateCase({ size: 6, level: 'medium', robust: true }, 'deal-2');
    expect(verify(JSON.stringify(kase))).toMatchObject({ status: 'ok' });
    expect(playerForm(kase)).not.toHaveProperty('secret');
  });

  test("plain Node imports 'puzzlemill' from a dependent project", () => {
    const run = runInConsumer(
      'app.mjs',
      [
        "import { generateBoard, generateCase, solve, grade, verify, playerForm } from 'puzzlemill';",
        "const board = generateBoard({ size: 6, blocks: 'irregular', givens: 14 }, 'table-1/deal-1');",
        "const kase = generateCase({ size: 5, level: 'easy' }, 'table-2/deal-1');",
        "if (verify(board).status !== 'ok' || verify(kase).status !== 'ok' || 'secret' in playerForm(kase)) throw new Error('bad');",
        "const r = solve('1.........4.....', { limit: 2 });",
        "const g = grade('.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...');",
        "console.log(JSON.stringify({ count: r.count, guessFree: g.guessFree, status: verify('1.........4.....').status }));",
      ].join('\n'),
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ count: 2, guessFree: true, status: 'fail' });
    expect(run.status).toBe(0);
  });

  // the compiled entry exports what the sources do
  test('plain Node sees every export of src/index.ts', () => {
    const run = runInConsumer('names.mjs', "import * as m from 'puzzlemill'; console.log(JSON.stringify(Object.keys(m).sort()));");
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(Object.keys(api).sort());
  });

  test("the README's library example runs as written", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Library API'));
    const example = /```js\n([\s\S]*?)```/.exec(section)![1]!;
    const run = runInConsumer('readme-example.mjs', example);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
