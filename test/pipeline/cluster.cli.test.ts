/**
 * Batches on a cluster (issue 28, section 3), kept true: `--shard auto/N` takes the index a batch
 * engine sets; the README's Job manifest parses, runs (its arguments, on this machine, as one pod)
 * and names the Dockerfile's entry point; the Dockerfile is multi-stage, production-only and
 * non-root (and is built where a container engine runs); and the job is played here — N processes
 * with JOB_COMPLETION_INDEX=0..N−1 into one folder, one SIGTERMed mid-run and started again as a
 * restarted pod — whose union is byte for byte the single-process run, and which `serve --corpus`
 * loads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseShard } from '../../src/pipeline/shard.ts';
import { ROOT, runCli } from '../helpers/cli.ts';
import { startServe } from '../server/serve-process.ts';
import { dirBytes, TOY_CLI, TOY_ENV, toy, waitFor } from './fixtures/toy-run.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-cluster-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface JobManifest {
  kind: string;
  spec: { completionMode: string; completions: number; template: { spec: { containers: Array<{ image: string; args: string[]; command?: string[] }> } } };
}

function readmeJob(): JobManifest {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### One batch over many machines'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
  return parse(block) as JobManifest;
}

describe('--shard auto/N', () => {
  test('the index from JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX; one line when neither is set, or out of range', () => {
    expect(parseShard('auto/50', { JOB_COMPLETION_INDEX: '7' })).toEqual({ index: 7, of: 50 });
    expect(parseShard('auto/50', { AWS_BATCH_JOB_ARRAY_INDEX: '49' })).toEqual({ index: 49, of: 50 });
    expect(parseShard('auto/50', { JOB_COMPLETION_INDEX: '3', AWS_BATCH_JOB_ARRAY_INDEX: '3' })).toEqual({ index: 3, of: 50 });
    expect(() => parseShard('auto/50', {})).toThrow('--shard auto/50: neither JOB_COMPLETION_INDEX (Kubernetes indexed jobs) nor AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array jobs) is set');
    expect(() => parseShard('auto/50', { JOB_COMPLETION_INDEX: '50' })).toThrow('--shard auto/50 (JOB_COMPLETION_INDEX=50): i must be below n (shards are numbered 0..49)');
    expect(() => parseShard('auto/50', { JOB_COMPLETION_INDEX: 'x' })).toThrow('--shard auto/50: JOB_COMPLETION_INDEX="x" is not a whole number');
    expect(() => parseShard('auto/50', { JOB_COMPLETION_INDEX: '1', AWS_BATCH_JOB_ARRAY_INDEX: '2' })).toThrow(/disagree/);
    const r = runCli(['generate', 'numbridge', '--size', '4', '--count', '2', '--seed', 's', '--shard', 'auto/2'], { env: { JOB_COMPLETION_INDEX: '', AWS_BATCH_JOB_ARRAY_INDEX: '' } });
    expect([r.code, r.stderr.trim().split('\n')]).toEqual([2, ['puzzlemill: --shard auto/2: neither JOB_COMPLETION_INDEX (Kubernetes indexed jobs) nor AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array jobs) is set (see --help)']]);
  });
});

describe("the README's Job and the Dockerfile", () => {
  const job = readmeJob();
  const container = job.spec.template.spec.containers[0]!;
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

  test('an indexed Job whose shard count is its completions, run by the image entry point (no shell)', () => {
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    expect(container.command).toBeUndefined(); // the image's ENTRYPOINT: the bin is process 1
    const at = container.args.indexOf('--shard');
    expect(container.args[at + 1]).toBe(`auto/${job.spec.completions}`);
  });

  test('its arguments run here as pod 0 would (a small count)', () => {
    const args = [...container.args];
    args[args.indexOf('--count') + 1] = '4';
    const out = join(tmp, 'pod');
    args[args.indexOf('--out') + 1] = out;
    const r = runCli(args, { env: { JOB_COMPLETION_INDEX: '0' } });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(readdirSync(out).filter((f) => f.endsWith('.json')).length).toBeGreaterThan(0);
    expect(existsSync(join(out, `manifest.shard-0-of-${job.spec.completions}.json`))).toBe(true);
  });

  test('the Dockerfile: multi-stage, npm ci, production dependencies only, a non-root user, the package bin as the entry point', () => {
    const bin = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { puzzlemill: string } }).bin.puzzlemill;
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^RUN npm ci$/m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    // npm ci runs the package's prepare script, the build: what it reads is copied before it
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.prepare).toBe('npm run build');
    const beforeCi = dockerfile.slice(0, dockerfile.indexOf('RUN npm ci'));
    const copied = [...beforeCi.matchAll(/^COPY (.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    for (const needed of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'src']) expect(copied).toContain(needed);
    expect(dockerfile).toMatch(/^USER node$/m);
    const workdir = [...dockerfile.matchAll(/^WORKDIR (\S+)$/gm)].at(-1)![1]!;
    const entry = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(entry).toEqual(['node', `${workdir}/${bin}`]);
    // what the package ships is what the image holds
    for (const path of ['dist', 'schemas', 'docs', 'node_modules', 'package.json']) expect(dockerfile).toMatch(new RegExp(`^COPY .*\\b${path}\\b`, 'm'));
  });

  // a container engine is not on every machine (none runs on this project's CI machines)
  const engine = spawnSync('docker', ['info'], { encoding: 'utf8' }).status === 0;
  test.skipIf(!engine)('the image builds and runs the entry point', () => {
    const tag = `puzzlemill-test:${process.pid}`;
    expect(spawnSync('docker', ['build', '-q', '-t', tag, ROOT], { encoding: 'utf8', timeout: 900_000 }).status).toBe(0);
    const r = spawnSync('docker', ['run', '--rm', tag, 'generate', 'numbridge', '--size', '4', '--count', '1', '--seed', 'img'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).format).toBe('puzzlemill/numbridge-board');
    spawnSync('docker', ['rmi', tag]);
  }, 900_000);
});

describe('the job played on one machine', () => {
  test('3 pods into one folder, pod 1 SIGTERMed mid-run and restarted: the union is the single run, byte for byte; serve loads it', async () => {
    const run = ['--count', '60', '--seed', 'job', '--work', '25', '-j', '1', '-q'];
    const single = join(tmp, 'single');
    expect(toy([...run, '--out', single]).code).toBe(0);

    const shared = join(tmp, 'shared');
    const pod = (i: number) => {
      const child = spawn(process.execPath, [TOY_CLI, 'generate', 'toy', ...run, '--shard', 'auto/3', '--out', shared], { env: { ...TOY_ENV, JOB_COMPLETION_INDEX: String(i) }, stdio: ['ignore', 'ignore', 'pipe'] });
      const exited = new Promise<number | null>((done) => child.once('exit', (code, signal) => done(code ?? (signal ? -1 : null))));
      return { child, exited };
    };
    const pods = [0, 1, 2].map(pod);
    // pod 1 (indices 20..39) is stopped as Kubernetes stops a pod, once it has written a few
    await waitFor(() => existsSync(shared) && readdirSync(shared).filter((f) => /^toy-00002\d\.json$/.test(f)).length >= 3);
    pods[1]!.child.kill('SIGTERM');
    const codes = await Promise.all(pods.map((p) => p.exited));
    expect(codes[0]).toBe(0);
    expect(codes[2]).toBe(0);
    expect(codes[1]).not.toBe(0);
    const stopped = readdirSync(shared).filter((f) => /^toy-0000[23]\d\.json$/.test(f)).length;
    expect(stopped).toBeLessThan(20);
    // the restarted pod resumes its shard
    const again = pod(1);
    expect(await again.exited).toBe(0);

    const files = (dir: string) => Object.fromEntries(Object.entries(dirBytes(dir)).filter(([name]) => !name.startsWith('manifest')));
    expect(Object.keys(files(shared))).toHaveLength(60);
    expect(files(shared)).toEqual(files(single));
    for (const i of [0, 1, 2]) expect(JSON.parse(readFileSync(join(shared, `manifest.shard-${i}-of-3.json`), 'utf8')).complete).toBe(true);

    // the sources' CLI: the toy kind registers into the sources' registry
    const server = await startServe(['--port', '0', '--db', join(tmp, 'job.db'), '--corpus', shared], { cwd: tmp, env: TOY_ENV as Record<string, string>, bin: join(ROOT, 'src/cli/puzzlemill.mjs') });
    try {
      expect(server.stderr()).toMatch(/: 60 puzzles added, 0 already stored, 0 refused/);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
