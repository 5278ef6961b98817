/**
 * GET /tables/:id/picture.svg: one seat's view drawn — the same token and errors as GET
 * /tables/:id, only that seat's hand, and the tables' cache rule.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { NumbridgeView } from '../../src/games/numbridge/schema.ts';
import { cacheControlOf } from '../../src/server/http-caching.ts';
import { countClass, textsOfClass, wellFormed } from '../render/svg-helpers.ts';
import { testServer } from './helpers.ts';
import { bearer, newTable, rightPlacement, seatState, sendMove, storedDeal, tablesApp, type TablesHarness } from './tables-helper.ts';

let open: TablesHarness[] = [];
afterEach(async () => {
  for (const h of open) await h.close();
  open = [];
});
async function harness() {
  const h = await tablesApp({ seed: 'tables-picture' });
  open.push(h);
  return h;
}
const picture = (h: TablesHarness, id: string, headers: Record<string, string> = {}, query = '') => h.app.inject({ method: 'GET', url: `/tables/${id}/picture.svg${query}`, headers });
const viewOf = async (h: TablesHarness, id: string, token: string) => (await seatState(h.app, id, token)).json() as { view: NumbridgeView };

describe('GET /tables/:id/picture.svg', () => {
  it("draws each seat's own view: its hand in digits, the other hand face down, owners in colour", async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app);
    // one right tile of player 1, so the board has an owned cell
    const solution = storedDeal(h.db, id).secret!.solution;
    const move = rightPlacement((await viewOf(h, id, tokens[0])).view, solution)!;
    expect((await sendMove(h.app, id, tokens[0], move)).statusCode).toBe(200);

    const svgs: string[] = [];
    for (const seat of [1, 2] as const) {
      const r = await picture(h, id, bearer(tokens[seat - 1]));
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const svg = r.body;
      expect(wellFormed(svg)).toBe(true);
      const { view } = await viewOf(h, id, tokens[seat - 1]);
      expect(countClass(svg, 'cell')).toBe(view.size * view.size);
      expect(countClass(svg, 'owned-1')).toBe(1);
      expect(textsOfClass(svg, 'hand-digit')).toEqual(view.hand.map(String));
      expect(countClass(svg, `hand-tile hand-${seat}`)).toBe(view.hand.length);
      expect(countClass(svg, `hand-tile hand-${3 - seat}`)).toBe(0);
      expect(countClass(svg, 'hand-hidden')).toBe(view.handSizes[seat === 1 ? '2' : '1']);
      expect(countClass(svg, 'solution')).toBe(0);
      expect(svg).toContain(`Player ${seat} (you)`);
      svgs.push(svg);
    }
    expect(svgs[0]).not.toBe(svgs[1]);
    // the same state, the same bytes
    expect((await picture(h, id, bearer(tokens[0]))).body).toBe(svgs[0]);
  });

  it('?lang=de writes German; another language is a 400 in one line', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app);
    const de = await picture(h, id, bearer(tokens[0]), '?lang=de');
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('Spieler 1 (Sie)');
    const fr = await picture(h, id, bearer(tokens[0]), '?lang=fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toEqual({ error: expect.stringMatching(/^[^\n]+$/) });
  });

  it('401, 403 and 404 exactly as GET /tables/:id', async () => {
    const h = await harness();
    const a = await newTable(h.app);
    const b = await newTable(h.app);
    const cases: [string, Record<string, string>, number][] = [
      [a.id, {}, 401],
      [a.id, { authorization: 'Basic abc' }, 401],
      [a.id, bearer(b.tokens[0]), 403],
      ['no-such-table', bearer(a.tokens[0]), 404],
    ];
    for (const [id, headers, status] of cases) {
      const json = await h.app.inject({ method: 'GET', url: `/tables/${id}`, headers });
      const svg = await picture(h, id, headers);
      expect(json.statusCode).toBe(status);
      expect(svg.statusCode).toBe(status);
      expect(svg.headers['content-type']).toMatch(/^application\/json/);
      expect(svg.json()).toEqual(json.json());
    }
  });

  it('is kept private and revalidated (never the puzzles\' immutable rule)', async () => {
    expect(cacheControlOf('/tables/:id/picture.svg', { id: 'x' }, 200)).toBe('private, no-cache');
    expect(cacheControlOf('/tables/:id/picture.svg', { id: 'x' }, 403)).toBe('no-store');
    const server = await testServer([]);
    try {
      const { id, tokens } = await newTable(server.app);
      const r = await server.app.inject({ method: 'GET', url: `/tables/${id}/picture.svg`, headers: bearer(tokens[1]) });
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('private, no-cache');
      const denied = await server.app.inject({ method: 'GET', url: `/tables/${id}/picture.svg` });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers['cache-control']).toBe('no-store');
    } finally {
      await server.close();
    }
  });

  it('is in /openapi.json as getTablePicture', async () => {
    const server = await testServer([]);
    try {
      const spec = (await server.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, { get?: { operationId?: string; tags?: string[] } }> };
      const path = Object.keys(spec.paths).find((p) => p.startsWith('/tables/') && p.endsWith('/picture.svg'));
      expect(path).toBeDefined();
      expect(spec.paths[path!]!.get).toMatchObject({ operationId: 'getTablePicture', tags: ['tables'] });
    } finally {
      await server.close();
    }
  });
});
