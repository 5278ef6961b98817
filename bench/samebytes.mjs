#!/usr/bin/env node
/**
 * The bytes check of a refactoring: a fixed set of CLI runs and HTTP answers of one checkout's
 * compiled build (`npm run build` first), each reduced to a sha256. Run it on the commit before
 * and after a change and compare the two lists (`diff`): a line that differs is behaviour that
 * moved. Deliberate changes (e.g. the OpenAPI document) show up as their own lines.
 *
 *   node bench/samebytes.mjs [REPO]        # REPO defaults to this checkout
 *
 * Everything runs in a temporary folder with fixed seeds and a fixed daily key; the server listens
 * on 127.0.0.1 on a free port and is stopped at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const bin = join(repo, 'dist/cli/puzzlemill.js');
const work = mkdtempSync(join(tmpdir(), 'samebytes-'));
const sha = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);
const lines = [];
const record = (name, data) => lines.push(`${sha(data)}  ${name}`);

function run(name, args, { input, keep } = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: work, input, maxBuffer: 1 << 28, env: { ...process.env, PUZZLEMILL_DAILY_KEY: '' } });
  // timings in messages ("in 0.3 s", "1,200 boards/s") are not behaviour
  const stderr = r.stderr.toString().replace(/[\d.,]+ ?(ms|s|µs|[a-z ]*\/s)\b/g, 'T');
  record(`${name} [exit ${r.status}]`, Buffer.concat([r.stdout, Buffer.from(`\n--stderr--\n${stderr}`)]));
  if (keep) writeFileSync(join(work, keep), r.stdout);
  return r.stdout.toString();
}

function hashTree(name, dir) {
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(dir);
  for (const f of files) record(`${name}/${relative(dir, f)}`, readFileSync(f));
}

writeFileSync(join(work, 'key'), 'samebytes-fixed-daily-key-0123456789abcdef\n', { mode: 0o600 });
const classic = readFileSync(join(repo, 'test/data/classic/top1465.txt'), 'utf8').split('\n').slice(0, 3).join('\n') + '\n';
writeFileSync(join(work, 'lines.txt'), classic);

// generation (in-thread and in the pool must agree: -j 1 and -j 2)
run('generate numbridge 9 regular 30', ['generate', 'numbridge', '--size', '9', '--blocks', 'regular', '--givens', '30', '--count', '3', '--seed', 's1', '-q'], { keep: 'nb9.ndjson' });
run('generate numbridge 9 irregular grade 3 -j2', ['generate', 'numbridge', '--size', '9', '--blocks', 'irregular', '--givens', '28', '--grade', '3', '--count', '2', '--seed', 's2', '-j', '2', '-q'], { keep: 'nb9i.ndjson' });
run('generate numbridge 6', ['generate', 'numbridge', '--size', '6', '--count', '3', '--seed', 's3', '-q'], { keep: 'nb6.ndjson' });
run('generate murder 5', ['generate', 'murder', '--size', '5', '--level', 'easy', '--count', '2', '--seed', 'm1', '-q'], { keep: 'm5.ndjson' });
run('generate murder 7 medium robust', ['generate', 'murder', '--size', '7', '--level', 'medium', '--robust', '--count', '1', '--seed', 'm2', '-q'], { keep: 'm7.ndjson' });
run('generate --out', ['generate', 'numbridge', '--size', '6', '--count', '4', '--seed', 'o1', '--out', 'gen', '-q']);
run('generate murder --out', ['generate', 'murder', '--size', '4', '--level', 'hard', '--count', '2', '--seed', 'o2', '--out', 'gen', '-q']);
hashTree('gen', join(work, 'gen'));
run('daily', ['daily', '--date', '2026-01-01', '--out', 'daily', '--key-file', 'key', '-q']);
hashTree('daily', join(work, 'daily'));

// reading, grading, drawing, exchanging
for (const f of ['nb9.ndjson', 'nb9i.ndjson', 'nb6.ndjson', 'm5.ndjson', 'm7.ndjson']) {
  run(`verify --json ${f}`, ['verify', '--json', f]);
  run(`grade --json --proof ${f}`, ['grade', '--json', '--proof', f]);
  run(`grade ${f}`, ['grade', f]);
  run(`grade --proof --lang de ${f}`, ['grade', '--proof', '--lang', 'de', f]);
  run(`solve ${f}`, ['solve', f]);
  run(`render svg de ${f}`, ['render', '--lang', 'de', '--solution'], { input: readFileSync(join(work, f), 'utf8').split('\n')[0] });
}
run('verify lines', ['verify', '--json', 'lines.txt']);
run('grade lines', ['grade', '--json', 'lines.txt']);
run('solve --count oracle', ['solve', '--count', join(repo, 'test/data/oracles/solution-counts.txt')]);
for (const to of ['line', 'ipuz', 'fpuzzles', 'sudokupad']) run(`export --to ${to}`, ['export', '--to', to, 'nb9i.ndjson']);
run('import lines', ['import', 'lines.txt']);
run('render --html', ['render', '--html', 'gen']);
hashTree('gen+html', join(work, 'gen'));
run('deal numbridge', ['deal', 'numbridge', '--variant', 'blitz', '--seed', 'd1'], { keep: 'deal.json' });
run('deal numbridge view', ['deal', 'numbridge', '--seed', 'd1', '--variant', 'blitz', '--view', '1']);
run('deal kosmos', ['deal', 'kosmos', '--players', '3', '--seed', 'k1']);
run('deal domino', ['deal', 'domino', '--players', '2', '--seed', 'k2']);
run('selfplay numbridge', ['selfplay', 'numbridge', '--games', '2', '--seed', '7', '--variant', 'blitz'], { keep: 'games.ndjson' });
run('replay numbridge', ['replay', 'numbridge', '--json', 'games.ndjson']);
run('replay domino', ['replay', 'domino', join(repo, 'test/fixtures/domino-example.txt')]);
run('render deal (refused today)', ['render', 'deal.json']);

// HTTP answers of a real server over the generated folder and the daily set
const server = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', join(work, 'server.db'), '--corpus', 'gen', '--corpus', 'daily', '--check-rate', '0'], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
let err = '';
const url = await new Promise((done, fail) => {
  server.stderr.on('data', (d) => {
    err += d;
    const m = /on (http:\/\/[^ ]+) \(API/.exec(err);
    if (m) done(m[1]);
  });
  server.on('exit', () => fail(new Error(`serve exited: ${err}`)));
});
async function http(name, path, init) {
  const res = await fetch(url + path, init);
  const body = await res.text();
  record(`HTTP ${init?.method ?? 'GET'} ${name} [${res.status} ${res.headers.get('content-type')}]`, body);
  return body;
}
const post = (body, type = 'application/json') => ({ method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const daily = JSON.parse(await http('/daily/2026-01-01', '/daily/2026-01-01'));
await http('/daily/2999-01-01', '/daily/2999-01-01');
await http('/daily/bad', '/daily/nope');
await http('/puzzles', '/puzzles?limit=100');
await http('/puzzles?grade=easy', '/puzzles?grade=easy');
await http('/puzzles?grade=bogus', '/puzzles?grade=bogus');
await http('/puzzles?kind=murder&size=4', '/puzzles?kind=murder&size=4');
for (const p of daily.puzzles) {
  const id = encodeURIComponent(p.id);
  await http(`puzzle ${p.id}`, `/puzzles/${id}`);
  await http(`picture ${p.id}`, `/puzzles/${id}/picture.svg?lang=de`);
  await http(`hint empty ${p.id}`, `/puzzles/${id}/hint`, post({}));
  if (p.format.endsWith('numbridge-board')) {
    const n = p.public.size;
    const open = [];
    p.public.givens.forEach((row, r) => row.forEach((d, c) => d === 0 && open.push([r, c])));
    const cells = open.slice(0, 4).map(([row, column], i) => ({ row, column, digit: 1 + (i % n) }));
    await http(`check ${p.id}`, `/puzzles/${id}/check`, post({ cells }));
    await http(`hint wrong ${p.id}`, `/puzzles/${id}/hint`, post({ cells }));
    await http(`hint marks ${p.id}`, `/puzzles/${id}/hint`, post({ eliminations: open.slice(0, 3).map(([r, c]) => [r, c, 1]) }));
    await http(`check off-board ${p.id}`, `/puzzles/${id}/check`, post({ cells: [{ row: 8, column: 8, digit: 9 }] }));
    await http(`check murder body ${p.id}`, `/puzzles/${id}/check`, post({ positions: {} }));
  } else {
    const ids = p.public.people.map((x) => x.id);
    await http(`check ${p.id}`, `/puzzles/${id}/check`, post({ positions: { [ids[0]]: [0, 0], [ids[1]]: [1, 1] }, murderer: ids[1] }));
    await http(`hint wrong ${p.id}`, `/puzzles/${id}/hint`, post({ positions: { [ids[0]]: [0, 0] } }));
    await http(`hint removed ${p.id}`, `/puzzles/${id}/hint`, post({ removed: [{ person: ids[0], cells: [[0, 1]] }] }));
    await http(`check unknown person ${p.id}`, `/puzzles/${id}/check`, post({ positions: { nobody: [0, 0] } }));
    await http(`check board body ${p.id}`, `/puzzles/${id}/check`, post({ cells: [] }));
  }
}
await http('/puzzles/none', '/puzzles/none');
await http('verify line', '/verify', post(classic.split('\n')[0], 'text/plain'));
await http('verify file', '/verify', post(readFileSync(join(work, 'nb6.ndjson'), 'utf8').split('\n')[0]));
await http('verify bad', '/verify', post({ format: 'puzzlemill/numbridge-board' }));
await http('openapi (changes on purpose with the API)', '/openapi.json');
server.kill('SIGTERM');
await new Promise((done) => server.on('exit', done));

rmSync(work, { recursive: true, force: true });
process.stdout.write(lines.join('\n') + '\n');
