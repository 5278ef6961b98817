/**
 * A case imported from crimedoku-solver's format (test/data/crimedoku/, hand-made) with clues
 * beyond the sheet, a case fact, cells outside the plan and two objects on a cell, served by a
 * real `puzzlemill serve` (one process for the file): the puzzles routes list it and give its
 * player form, check a position, and hint from one.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MurderCaseFile, ProofStep } from '../../src/murder/schema.ts';
import { ROOT, runCli } from '../helpers/cli.ts';
import { startServe, type ServeProcess } from './serve-process.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pm-crimedoku-serve-'));
const corpus = join(scratch, 'corpus');
const ENV = { PUZZLEMILL_DAILY_KEY: 'crimedoku-serve-test-key-0123456789abcdef0123' };
let server: ServeProcess;
let shop: MurderCaseFile; // 5×5: notBesideEdge, onlyOnObject, adjacentObject, object lines, a fact
let cottage: MurderCaseFile; // 4×4: cells outside the plan, a chair on a carpet

beforeAll(async () => {
  mkdirSync(corpus);
  const data = join(ROOT, 'test/data/crimedoku');
  const imported = runCli(['import', '--from', 'crimedoku', '--gender', 'Zed=m', '--out', corpus, join(data, 'shop-5.json'), join(data, 'cottage-4.json')]);
  if (imported.code !== 0) throw new Error(`import failed: ${imported.stderr}`);
  const files = readdirSync(corpus).map((f) => JSON.parse(readFileSync(join(corpus, f), 'utf8')) as MurderCaseFile);
  shop = files.find((f) => f.public.size === 5)!;
  cottage = files.find((f) => f.public.size === 4)!;
  server = await startServe(['--port', '0', '--corpus', corpus, '--db', join(scratch, 'server.db')], { cwd: scratch, env: ENV });
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const post = async (path: string, body: unknown) => {
  const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

describe('an imported crimedoku case, served', () => {
  test('loaded without refusal; listed; its player form is the public part, no secret', async () => {
    expect(server.stderr()).toContain('2 puzzles added, 0 already stored, 0 refused');
    const list = (await (await fetch(`${server.url}/puzzles?kind=murder`)).json()) as { puzzles: Array<{ id: string }> };
    expect(list.puzzles.map((p) => p.id).sort()).toEqual([cottage.id, shop.id].sort());
    for (const c of [shop, cottage]) {
      const r = await fetch(`${server.url}/puzzles/${c.id}`);
      expect(r.status).toBe(200);
      const body = (await r.json()) as MurderCaseFile;
      expect(body.secret).toBeUndefined();
      expect(body.public).toEqual(c.public);
    }
    expect(shop.public.facts?.[0]?.text.en).toBe('At most one person was on a chair.');
    expect(shop.public.people.flatMap((p) => p.clues.map((c) => c.kind))).toEqual(expect.arrayContaining(['notBesideEdge', 'onlyOnObject', 'adjacentObject', 'sameColumnAsObject', 'leftOfObject', 'notAdjacentObject']));
    expect(cottage.public.roomOf.flat()).toContain(null);
    expect(cottage.public.objects.flat()).toContainEqual(['chair', 'carpet']);
  });

  test('check: right and wrong people and the accused, nothing about the others', async () => {
    const solution = shop.secret!.solution;
    const right = await post(`/puzzles/${shop.id}/check`, { positions: { emma: solution.positions.emma }, murderer: solution.murderer });
    expect(right).toEqual({ status: 200, body: { right: true, solved: false, people: [{ person: 'emma', row: 1, column: 2, right: true }], murderer: { person: 'greta', right: true } } });
    const wrong = await post(`/puzzles/${shop.id}/check`, { positions: { felix: [0, 1] }, murderer: 'hugo' });
    expect(wrong.body).toEqual({ right: false, solved: false, people: [{ person: 'felix', row: 0, column: 1, right: false }], murderer: { person: 'hugo', right: false } });
    const all = await post(`/puzzles/${cottage.id}/check`, { positions: cottage.secret!.solution.positions, murderer: cottage.secret!.solution.murderer });
    expect(all.body).toMatchObject({ right: true, solved: true });
  });

  test("hint: the prover's next steps from the position, in the case's own words; a wrong placement is named", async () => {
    const first = await post(`/puzzles/${shop.id}/hint`, {});
    expect(first.status).toBe(200);
    const steps = first.body.steps as ProofStep[];
    expect(steps.length).toBeGreaterThan(0);
    expect(steps[0]).toMatchObject({ rule: 'clue-filter', text: { en: 'Emma: “Emma was not at the edge of the floor plan.” That rules out 14 cells.' } });
    expect(steps.at(-1)!.placed.length).toBeGreaterThan(0);
    // everyone but Ida placed: the next steps place her, on her solution cell
    const { ida, ...rest } = shop.secret!.solution.positions;
    const last = await post(`/puzzles/${shop.id}/hint`, { positions: rest });
    const placed = (last.body.steps as ProofStep[]).flatMap((s) => s.placed);
    expect(placed).toEqual([{ person: 'ida', cell: ida }]);
    const bad = await post(`/puzzles/${shop.id}/hint`, { positions: { felix: [0, 1] } });
    expect(bad).toEqual({ status: 409, body: { error: 'Felix at r1c2 is wrong' } });
    const solved = await post(`/puzzles/${cottage.id}/hint`, { positions: cottage.secret!.solution.positions });
    expect(solved.body).toMatchObject({ solved: true, steps: [] });
  });
});
