/**
 * Deal ids and seeds (issue 17, defect 6). An id used to be a hash of the public fields plus the
 * seed (Kosmos: of the player count and the seed alone), so trying all 65,536 four-hex seeds
 * against the id took 0.15 s and gave the pile, the bag and the hands. Now an id is a hash of the
 * public part only (anyone with the player form computes it: it tells nothing more), and `deal`
 * without --seed draws 128 random bits.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { dealDomino, dominoDealId } from '../../src/games/domino/files.ts';
import { dealKosmos, kosmosDealId } from '../../src/games/kosmos/deal.ts';
import { dealNumbridge, numbridgeDealId } from '../../src/games/numbridge/deal.ts';
import { runCli } from '../helpers/cli.ts';

/** The ids of before, as an attacker would recompute them for a guessed seed. */
const oldId = (prefix: string, parts: unknown[]) => `${prefix}-` + createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
const FOUR_HEX = Array.from({ length: 65536 }, (_, i) => i.toString(16).padStart(4, '0'));

describe('deal ids', () => {
  test('are a hash of the public part: the player form alone gives the id, whatever the seed', () => {
    const kosmos = dealKosmos(3, '9f2c');
    expect(kosmosDealId(kosmos.public)).toBe(kosmos.id);
    expect(kosmos.id).toMatch(/^kosmos-3p-[0-9a-f]{16}$/);
    const domino = dealDomino(4, '9f2c');
    expect(dominoDealId(domino.public)).toBe(domino.id);
    const nb = dealNumbridge({ variant: 'blitz' }, '9f2c');
    expect(numbridgeDealId(nb.public)).toBe(nb.id);
    expect(nb.id).toMatch(/^nbd-blitz-[0-9a-f]{16}$/);
    // the same public part under another seed: the same id (the seed is not in it)
    expect(kosmosDealId({ ...kosmos.public })).toBe(dealKosmos(3, '9f2c').id);
  });

  test('the old attack finds nothing: no four-hex seed hashes to the id any more', () => {
    const kosmos = dealKosmos(2, '9f2c');
    const domino = dealDomino(3, '9f2c');
    const kosmosHits = FOUR_HEX.filter((s) => oldId('kosmos-2p', ['kosmos-deal', 2, s]) === kosmos.id);
    const dominoHits = FOUR_HEX.filter((s) => oldId('domino-3p', ['domino-deal', 3, s]) === domino.id);
    expect(kosmosHits).toEqual([]);
    expect(dominoHits).toEqual([]);
    // (control: under the old formula the seed was found at once)
    expect(FOUR_HEX.filter((s) => oldId('kosmos-2p', ['kosmos-deal', 2, s]) === oldId('kosmos-2p', ['kosmos-deal', 2, '9f2c']))).toEqual(['9f2c']);
  });
});

describe('puzzlemill deal without --seed', () => {
  test('draws a strong random seed (32 hex digits, kept in secret.seed); two runs differ; --seed still repeats bytes', () => {
    for (const game of ['kosmos', 'domino']) {
      const a = runCli(['deal', game]);
      const b = runCli(['deal', game]);
      expect(a.code, a.stderr).toBe(0);
      const [da, db] = [JSON.parse(a.stdout), JSON.parse(b.stdout)];
      expect(da.secret.seed).toMatch(/^[0-9a-f]{32}$/);
      expect(da.secret.seed).not.toBe(db.secret.seed);
      expect(a.stdout.split('"secret"')[0]).not.toContain(da.secret.seed);
    }
    const nb = runCli(['deal', 'numbridge', '--variant', 'blitz', '--count', '2']);
    expect(nb.code, nb.stderr).toBe(0);
    const seeds = nb.stdout.trim().split('\n').map((l) => JSON.parse(l).secret.seed as string);
    expect(seeds[0]).toMatch(/^[0-9a-f]{32}-1$/);
    expect(seeds[1]).toBe(seeds[0]!.replace(/-1$/, '-2'));
    const fixed = ['deal', 'kosmos', '--seed', 'd3c0a9e4b1f2c5a6d7e8f9a0b1c2d3e4'];
    expect(runCli(fixed).stdout).toBe(runCli(fixed).stdout);
  });

  test('--help says seeds are secrets and shows no short example seeds', () => {
    for (const game of ['kosmos', 'domino', 'numbridge']) {
      const help = runCli(['deal', game, '--help']).stdout;
      expect(help).toMatch(/a\s+secret/);
      expect(help).toMatch(/128 random\s+bits/);
      expect(help).not.toMatch(/--seed [0-9a-f]{1,8}\b|--seed (club|1|7)\b/);
    }
  });
});
