/**
 * Generation runs on the toy kind: the same bytes whatever the worker count, batch size or shard
 * split; resume keeps what is there; faults lose nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validator } from '../../src/core/schema.ts';
import { AutoExecutor, PoolExecutor } from '../../src/pipeline/executor.ts';
import { runGenerateBatch, type GenerateTask } from '../../src/pipeline/generate-batch.ts';
import { generateRun, type GenerateRunOptions } from '../../src/pipeline/generate-run.ts';
import { RunManifest } from '../../src/pipeline/schema.ts';
import { parseShard, shardRange } from '../../src/pipeline/shard.ts';
import { TOY_MODULE, toyKind } from './fixtures/toy-kind.ts';
import { dirBytes } from './fixtures/toy-run.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-gen-'));
let pool: PoolExecutor;
beforeAll(() => {
  pool = new PoolExecutor(2);
});
afterAll(async () => {
  await pool.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function lines(options: Partial<GenerateRunOptions> & { request?: Record<string, unknown> }): Promise<string[]> {
  const out: string[] = [];
  await generateRun({
    kind: toyKind,
    seed: 'det',
    count: 60,
    kindModules: [TOY_MODULE],
    writeLine: (l) => void out.push(l),
    ...options,
    request: toyKind.parseRequest(options.request ?? { failModulo: 5 }),
  });
  return out;
}

describe('determinism', () => {
  test('same bytes in this thread, in a pool of 2, and with any batch size', async () => {
    const inProcess = await lines({});
    expect(inProcess.length).toBeGreaterThan(55); // an index whose three seeds all fail is left out
    expect(await lines({ executor: pool })).toEqual(inProcess);
    expect(await lines({ executor: pool, targetMs: 0.001 })).toEqual(inProcess); // batches of one
    expect(await lines({ targetMs: 1e6 })).toEqual(inProcess); // one big batch
  });

  test('the auto executor starts in this thread and moves to the pool on a long run, same bytes', async () => {
    const auto = new AutoExecutor(2);
    const request = { work: 4 };
    const moved = await lines({ executor: auto, count: 300, request });
    expect(auto.pooled).toBe(true); // 300 × 4 ms > ESCALATE_MS
    await auto.close();
    expect(moved).toEqual(await lines({ count: 300, request }));
    const small = new AutoExecutor(2);
    await lines({ executor: small, count: 20 });
    expect(small.pooled).toBe(false);
    await small.close();
  });

  test('rejected seeds are replaced by the next attempt seed of the same index', async () => {
    const out = (await lines({})).map((l) => JSON.parse(l) as { secret: { seed: string } });
    const retried = out.filter((f) => f.secret.seed.includes('~'));
    expect(retried.length).toBeGreaterThan(0); // failModulo 5: about one in five
    const indices = out.map((f) => Number(/\/(\d+)(~\d)?$/.exec(f.secret.seed)![1]));
    expect(indices).toEqual([...indices].sort((a, b) => a - b)); // in index order
    expect(new Set(indices).size).toBe(indices.length);
  });

  test('the shards of a run are disjoint and concatenate to the whole run', async () => {
    const whole = await lines({ count: 23 });
    const parts: string[] = [];
    for (let i = 0; i < 4; i++) parts.push(...(await lines({ count: 23, shard: parseShard(`${i}/4`), executor: i % 2 ? pool : undefined })));
    expect(parts).toEqual(whole);
    expect(shardRange(10, { index: 0, of: 3 })).toEqual({ start: 0, end: 3 });
    expect(shardRange(10, { index: 2, of: 3 })).toEqual({ start: 6, end: 10 });
    expect(() => parseShard('3/3')).toThrow(/below n/);
    expect(() => parseShard('x')).toThrow(/i\/n/);
  });

  test('fingerprints are made only when the task asks (manifests and the daily set need them; NDJSON runs do not)', () => {
    const task: Omit<GenerateTask, 'fingerprint'> = { type: 'generate', kind: 'toy', kindModules: [], request: toyKind.parseRequest({}), runSeed: 'fp', indices: [0, 1, 2], player: false, attempts: 1 };
    const without = runGenerateBatch({ ...task, fingerprint: false }).outcomes;
    const withFp = runGenerateBatch({ ...task, fingerprint: true }).outcomes;
    for (const o of without) expect(o.ok && o.fingerprint).toBeUndefined();
    for (const o of withFp) {
      expect(o.ok).toBe(true);
      if (o.ok) expect(o.fingerprint).toBe(toyKind.fingerprint(JSON.parse(o.text)));
    }
    expect(withFp.map((o) => o.ok && o.text)).toEqual(without.map((o) => o.ok && o.text));
  });

  test('--player on lines writes player forms without secret', async () => {
    const out = await lines({ count: 3, player: true });
    for (const l of out) expect(JSON.parse(l)).not.toHaveProperty('secret');
  });
});

describe('--out DIR', () => {
  test('one file per puzzle, player forms, a valid deterministic manifest; sharded dirs union to the whole', async () => {
    const whole = join(tmp, 'whole');
    await generateRun({ kind: toyKind, request: toyKind.parseRequest({}), seed: 's', count: 12, out: whole, player: true, kindModules: [TOY_MODULE] });
    const files = dirBytes(whole);
    expect(Object.keys(files)).toContain('toy-000000.json');
    expect(Object.keys(files)).toContain('toy-000011.player.json');
    const manifest = JSON.parse(files['manifest.json']!) as RunManifest;
    expect(validator(RunManifest)(manifest)).toBe(true);
    expect(manifest.complete).toBe(true);
    expect(manifest.puzzles.map((p) => p.index)).toEqual([...Array(12).keys()]);
    for (const p of manifest.puzzles) expect(p.fingerprint).toBe(toyKind.fingerprint(JSON.parse(files[p.file]!)));

    const sharded = join(tmp, 'sharded');
    for (const i of [2, 0, 1]) {
      await generateRun({ kind: toyKind, request: toyKind.parseRequest({}), seed: 's', count: 12, out: sharded, player: true, shard: { index: i, of: 3 }, executor: pool, kindModules: [TOY_MODULE] });
    }
    const shardFiles = dirBytes(sharded);
    for (const [name, text] of Object.entries(files)) if (name !== 'manifest.json') expect(shardFiles[name]).toBe(text);
    expect(Object.keys(shardFiles).filter((n) => n.startsWith('manifest.shard-'))).toHaveLength(3);
  });

  test('a rerun resumes: valid files are kept, missing, damaged or foreign ones are made again', async () => {
    const dir = join(tmp, 'resume');
    const run = () => generateRun({ kind: toyKind, request: toyKind.parseRequest({}), seed: 'r', count: 10, out: dir, player: true, kindModules: [TOY_MODULE] });
    await run();
    const first = dirBytes(dir);
    rmSync(join(dir, 'toy-000003.json'));
    writeFileSync(join(dir, 'toy-000005.json'), first['toy-000005.json']!.slice(0, 40)); // half-written by a foreign tool
    writeFileSync(join(dir, 'toy-000006.json'), first['toy-000007.json']!); // valid, but another puzzle's seed
    rmSync(join(dir, 'toy-000008.player.json'));
    writeFileSync(join(dir, '.toy-000009.json.123-0.tmp'), 'partial');
    writeFileSync(join(dir, '.unrelated.json.1-0.tmp'), 'someone else’s');
    const summary = await run();
    expect(summary.resumed).toBe(7);
    expect(summary.made).toBe(3);
    const second = dirBytes(dir);
    delete second['.unrelated.json.1-0.tmp'];
    expect(second).toEqual(first);
    expect(existsSync(join(dir, '.unrelated.json.1-0.tmp'))).toBe(true); // not ours: left alone
  });

  test('a rerun keeps a file another tool annotated (unknown fields are read and ignored)', async () => {
    const dir = join(tmp, 'annotated');
    const run = () => generateRun({ kind: toyKind, request: toyKind.parseRequest({}), seed: 'n', count: 3, out: dir, kindModules: [TOY_MODULE] });
    await run();
    const annotated = JSON.parse(readFileSync(join(dir, 'toy-000001.json'), 'utf8'));
    annotated.public.reviewedBy = 'someone';
    writeFileSync(join(dir, 'toy-000001.json'), JSON.stringify(annotated) + '\n');
    const summary = await run();
    expect(summary.resumed).toBe(3);
    expect(summary.made).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'toy-000001.json'), 'utf8')).public.reviewedBy).toBe('someone');
  });

  test('a directory holding another run is refused with one line', async () => {
    const dir = join(tmp, 'other');
    await generateRun({ kind: toyKind, request: toyKind.parseRequest({}), seed: 'a', count: 2, out: dir, kindModules: [TOY_MODULE] });
    await expect(generateRun({ kind: toyKind, request: toyKind.parseRequest({}), seed: 'b', count: 2, out: dir, kindModules: [TOY_MODULE] })).rejects.toThrow(
      /manifest\.json: holds another run \(toy work=0,fail=0, seed "a", count 2\); choose another --out/,
    );
  });
});

describe('faults', () => {
  test('a worker that dies mid-batch loses nothing: the batch is retried, same bytes', async () => {
    const clean = await lines({ count: 40, request: {} });
    const marker = join(tmp, 'crashed-once');
    const warnings: string[] = [];
    const crashed = await lines({
      count: 40,
      executor: pool,
      request: { crashIndex: 17, crashMarker: marker },
      onWarning: (w) => void warnings.push(w),
    });
    expect(existsSync(marker)).toBe(true); // it did die
    expect(crashed).toEqual(clean); // (the crash knobs are not part of the toy's params key)
    expect(warnings.some((w) => /worker failed .*retrying/.test(w))).toBe(true);
  });

  test('a puzzle whose generator always throws is reported after the retry; the others are kept', async () => {
    const warnings: string[] = [];
    const out: string[] = [];
    const summary = await generateRun({
      kind: toyKind,
      request: toyKind.parseRequest({ throwIndex: 4 }),
      seed: 't',
      count: 8,
      kindModules: [TOY_MODULE],
      writeLine: (l) => void out.push(l),
      onWarning: (w) => void warnings.push(w),
    });
    expect(out).toHaveLength(7);
    expect(summary.failed).toEqual([{ index: 4, reason: 'worker failed twice: toy bug at 4' }]);
    expect(summary.retriedBatches).toBeGreaterThan(0);
  });

  test('output that fails verification is never written', async () => {
    const out: string[] = [];
    const summary = await generateRun({
      kind: toyKind,
      request: toyKind.parseRequest({ badIndex: 2 }), // every attempt of index 2 adds up wrong
      seed: 'v',
      count: 6,
      kindModules: [TOY_MODULE],
      writeLine: (l) => void out.push(l),
    });
    expect(out).toHaveLength(5);
    expect(summary.rejected).toEqual({ verify: 3 });
    expect(summary.failed).toEqual([{ index: 2, reason: 'generator output fails verification (a bug): total does not add up' }]);
  });

  test('a request whose first puzzles all fail is given up instead of failing every index', async () => {
    const out: string[] = [];
    const summary = await generateRun({ kind: toyKind, request: toyKind.parseRequest({ failModulo: 1 }), seed: 'h', count: 500, kindModules: [TOY_MODULE], writeLine: (l) => void out.push(l) });
    expect(out).toEqual([]);
    expect(summary.stopped).toBe('hopeless');
    expect(summary.failed.length).toBeGreaterThanOrEqual(4);
    expect(summary.failed.length).toBeLessThan(500); // the batches already running finish, no more start
  });

  test('an already aborted signal stops before any work; the manifest says incomplete', async () => {
    const dir = join(tmp, 'aborted');
    const controller = new AbortController();
    controller.abort();
    const s = await generateRun({ kind: toyKind, request: toyKind.parseRequest({}), seed: 'x', count: 5, out: dir, signal: controller.signal, kindModules: [TOY_MODULE] });
    expect(s.stopped).toBe('signal');
    expect(s.made).toBe(0);
    expect((JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as RunManifest).complete).toBe(false);
  });

  test('--max-seconds stops cleanly with a prefix of the run', async () => {
    const out = await lines({ count: 300, request: { work: 1 }, maxSeconds: 0.1 });
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThan(300);
    const whole = await lines({ count: 300, request: { work: 1 } });
    expect(out).toEqual(whole.slice(0, out.length));
  });
});
