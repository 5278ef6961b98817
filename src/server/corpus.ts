/**
 * Loading corpora into the store (`serve --corpus DIR`): a daily root (public/ and secret/ as
 * `daily` writes them), one secret date folder, or any folder of puzzle files (`generate --out`).
 * Every file goes through verify's own path (verifyInput: the kind's reader schema, then its
 * verify) before it is stored, so what the server answers from was checked by the same code as
 * `puzzlemill verify`; a file that fails is refused with its report and not served. Idempotent by
 * id: a file already stored as it is is not verified again; another file under a stored id is
 * refused.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { validator } from '../core/schema.ts';
import { factsOf, type PuzzleFile } from '../kinds/kind.ts';
import { isDate } from '../pipeline/daily.ts';
import { DailyIndex, DailyPublicIndex, type DailyPublicEntry } from '../pipeline/schema.ts';
import { isBookkeeping, reportLine, verifyInput } from '../pipeline/verify-batch.ts';
import { kindForFormat } from '../kinds/registry.ts';
import type { PuzzleStore } from './store.ts';
import { DAILY_PUBLIC_INDEX } from '../core/formats.ts';

export interface LoadCounts {
  added: number;
  same: number;
  refused: number;
  dailySets: number;
}

export interface LoadOptions {
  /** The search budget of each file's verify. */
  maxNodes?: number;
  /** One line per refused file or set. */
  onRefused?: (line: string) => void;
}

type Loaded = { id: string } | null;

export async function loadCorpus(store: PuzzleStore, dir: string, options: LoadOptions = {}): Promise<LoadCounts> {
  const counts: LoadCounts = { added: 0, same: 0, refused: 0, dailySets: 0 };
  const refuse = (line: string) => {
    counts.refused++;
    options.onRefused?.(line);
  };
  if (!statSync(dir).isDirectory()) throw new RangeError(`--corpus ${dir}: not a folder`);
  const secretRoot = join(dir, 'secret');
  if (existsSync(secretRoot) && statSync(secretRoot).isDirectory()) {
    for (const date of readdirSync(secretRoot).filter(isDate).sort()) {
      await loadDailyDate(store, join(secretRoot, date), join(dir, 'public', date), options, counts, refuse);
    }
    return counts;
  }
  if (existsSync(join(dir, 'index.json'))) {
    const index = readJson(join(dir, 'index.json'));
    if (validator<DailyIndex>(DailyIndex)(index)) {
      await loadDailyDate(store, dir, join(dir, '..', '..', 'public', basename(dir)), options, counts, refuse);
      return counts;
    }
  }
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.player.json') || !(name.endsWith('.json') || name.endsWith('.ndjson'))) continue;
    const path = join(dir, name);
    const values = name.endsWith('.ndjson') ? readNdjson(path) : [{ path, value: readJson(path) }];
    for (const item of values) {
      if (item.value instanceof Error) refuse(`${item.path}: refused: ${item.value.message}`);
      else if (!isBookkeeping(item.value)) await loadFile(store, item.path, item.value, null, options, counts, refuse);
    }
  }
  return counts;
}

/**
 * The content of everything `loadCorpus(dir)` reads, as one sha256: every file under `dir` (its
 * path inside it and its bytes, in path order) and, for a secret date folder, its public and
 * staged counterparts. Bytes, not sizes and times: a copy keeps the fingerprint, and an edit that
 * keeps the size and the second changes it. Reading is far cheaper than the load it saves (a parse,
 * a verify or a lookup per file).
 */
export function corpusFingerprint(dir: string): string {
  const hash = createHash('sha256');
  const add = (root: string, label: string) => {
    for (const path of filesUnder(root)) {
      const bytes = readFileSync(path);
      hash.update(`${label}/${relative(root, path)}\0${bytes.length}\0`).update(bytes);
    }
  };
  add(dir, '.');
  const date = basename(dir);
  if (isDate(date) && basename(dirname(dir)) === 'secret') {
    for (const side of ['public', 'staged']) add(join(dir, '..', '..', side, date), side);
  }
  return hash.digest('hex');
}

/** Regular files under `root` (none when it is missing), sorted by path. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() || (entry.isSymbolicLink() && statSync(path).isFile())) found.push(path);
    }
  };
  walk(root);
  return found.sort();
}

async function loadDailyDate(store: PuzzleStore, secretDir: string, publicDir: string, options: LoadOptions, counts: LoadCounts, refuse: (line: string) => void): Promise<void> {
  const indexPath = join(secretDir, 'index.json');
  // the index is written last: a folder without one is a set whose making was interrupted
  if (!existsSync(indexPath)) {
    return refuse(`${indexPath}: the daily set of ${basename(secretDir)} is not complete (no index: its making was interrupted); \`puzzlemill daily --date ${basename(secretDir)}\` finishes it`);
  }
  const index = readJson(indexPath);
  if (index instanceof Error) return refuse(`${indexPath}: refused: unreadable: ${index.message}`);
  if (!validator<DailyIndex>(DailyIndex)(index)) return refuse(`${indexPath}: refused: not a puzzlemill/daily-index`);
  // the date decides when a set is seen (available_from): the folder, the secret index and the
  // public index must all name it, or an edited index would publish a later set at once
  const date = basename(secretDir);
  if (index.date !== date) return refuse(`${indexPath}: refused: "date" is ${JSON.stringify(index.date)} but the folder is ${JSON.stringify(date)}`);
  // a set made before its day has its public part staged (daily.ts, stagePublic) until then
  const staged = join(publicDir, '..', '..', 'staged', basename(publicDir));
  if (!existsSync(publicDir) && existsSync(staged)) publicDir = staged;
  const publicPath = join(publicDir, 'index.json');
  const published = readJson(publicPath);
  const publicValid = validator<DailyPublicIndex>(DailyPublicIndex)(published);
  if (publicValid && published.date !== date) return refuse(`${publicPath}: refused: "date" is ${JSON.stringify(published.date)} but the secret set is ${JSON.stringify(date)}`);
  const ids: string[] = [];
  for (const entry of index.puzzles) {
    const path = join(secretDir, entry.file);
    const value = readJson(path);
    const loaded = value instanceof Error ? (refuse(`${path}: refused: ${value.message}`), null) : await loadFile(store, path, value, date, options, counts, refuse);
    if (loaded === null) return refuse(`${indexPath}: daily set ${index.date} not served: ${entry.slot} was refused`);
    if (loaded.id !== entry.id) return refuse(`${indexPath}: daily set ${index.date} not served: ${entry.slot} has id ${loaded.id}, the index says ${entry.id}`);
    ids.push(loaded.id);
  }
  const publicIndex: DailyPublicIndex = publicValid
    ? (published as DailyPublicIndex)
    : {
        format: DAILY_PUBLIC_INDEX,
        version: 1,
        date: index.date,
        puzzles: index.puzzles.map((e): DailyPublicEntry => ({ slot: e.slot, kind: e.kind, format: e.format, id: e.id, file: e.playerFile, summary: e.summary })),
      };
  if (publicIndex.puzzles.length !== ids.length || publicIndex.puzzles.some((p, i) => p.id !== ids[i])) {
    return refuse(`${join(publicDir, 'index.json')}: daily set ${index.date} not served: the public index lists other puzzles than the secret one`);
  }
  const outcome = await store.putDaily({ publicIndex, ids });
  if (outcome === 'conflict') return refuse(`${indexPath}: daily set ${index.date} not served: another set of that date is stored`);
  if (outcome === 'added') counts.dailySets++;
}

/** One file: verified unless that very file is stored already; `availableFrom` its daily set's date. */
async function loadFile(store: PuzzleStore, path: string, value: unknown, availableFrom: string | null, options: LoadOptions, counts: LoadCounts, refuse: (line: string) => void): Promise<Loaded> {
  const file = value as PuzzleFile;
  const id = typeof file?.id === 'string' ? file.id : undefined;
  const stored = id === undefined ? undefined : await store.getPuzzle(id);
  if (stored && JSON.stringify(stored.file) === JSON.stringify(value)) {
    // stored as it is: no second verify, but it may now be available earlier
    await store.putPuzzle({ ...stored, availableFrom, player: JSON.parse(stored.playerText) as PuzzleFile });
    counts.same++;
    return { id: stored.id };
  }
  const report = verifyInput({ where: { source: path }, value }, options.maxNodes === undefined ? {} : { maxNodes: options.maxNodes });
  if (report.status !== 'ok') return (refuse(`refused: ${reportLine(report)}`), null);
  const kind = kindForFormat(file.format)!;
  if (file.secret === undefined) return (refuse(`${path}: refused: a player form (no secret): the server needs the solution to check answers and give hints`), null);
  const facts = factsOf(kind, file);
  const outcome = await store.putPuzzle({
    id: file.id,
    kind: kind.name,
    format: file.format,
    size: facts.size,
    level: facts.level,
    technique: facts.technique ?? null,
    summary: report.summary ?? '',
    availableFrom,
    file,
    player: kind.playerForm(file),
  });
  if (outcome === 'conflict') return (refuse(`${path}: refused: id ${file.id} is stored with other content`), null);
  if (outcome === 'added') counts.added++;
  else counts.same++;
  return { id: file.id };
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (e) {
    return new Error((e as Error).message.split('\n')[0]);
  }
}

function readNdjson(path: string): Array<{ path: string; value: unknown }> {
  const text = readFileSync(path, 'utf8');
  return text
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, i }) => {
      try {
        return { path: `${path}:${i + 1}`, value: JSON.parse(line) as unknown };
      } catch (e) {
        return { path: `${path}:${i + 1}`, value: new Error((e as Error).message.split('\n')[0]) };
      }
    });
}
