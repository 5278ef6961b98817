/**
 * bench/RESULTS.md is shared by every benchmark: each owns one section between markers
 * `<!-- bench:NAME -->` … `<!-- /bench:NAME -->` and rewrites only that, so benchmarks run at
 * different times keep each other's numbers.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export const RESULTS_PATH = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const HEADER = `# Benchmark results

Written by \`npm run bench\` (\`puzzlemill bench [NAME…]\`). Each section records the machine and
date it was measured on; rerun a section with \`npm run bench -- NAME\`.
`;

/** One line naming the machine and the date, for the top of a section. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const date = new Date().toISOString().slice(0, 10);
  return `Measured ${date} on ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`;
}

/** Replace (or append) the section `name` of RESULTS.md, atomically. */
export function writeSection(name: string, markdown: string): void {
  let text: string;
  try {
    text = readFileSync(RESULTS_PATH, 'utf8');
  } catch {
    text = HEADER;
  }
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  text = start >= 0 && end > start ? text.slice(0, start) + block + text.slice(end + close.length) : text.trimEnd() + '\n\n' + block + '\n';
  writeFileSync(RESULTS_PATH + '.tmp', text);
  renameSync(RESULTS_PATH + '.tmp', RESULTS_PATH);
}

/** A markdown table from a header row and rows. */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) => '| ' + cells.map(String).join(' | ') + ' |';
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Build dist/ as `npm run build` does (tsc, then the bundled bin: src/cli/bundle.mjs), so a
 * benchmark that spawns the compiled CLI never measures a stale one. tsc alone would leave the
 * bundle as it was.
 */
export function buildCompiled(): void {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
}
