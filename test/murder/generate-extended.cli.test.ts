/**
 * `puzzlemill generate murder --clues`, run as a user would: the default (sheet) writes the bytes
 * it wrote before the option existed; extended cases verify and are the same bytes for any number
 * of workers.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { verifyCase } from '../../src/murder/generate.ts';
import { runCli } from '../helpers/cli.ts';

describe('puzzlemill generate murder --clues', () => {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');

  test('sheet (the default) writes the bytes of the commit before --clues existed', () => {
    // computed on 776ebd4 (the base of issue 26), before this option
    const plain = runCli(['generate', 'murder', '--size', '5', '--level', 'medium', '--count', '3', '--seed', 'sheet-bytes']);
    expect(plain.code).toBe(0);
    expect(sha(plain.stdout)).toBe('a9bbe32c4208a090d55b8c4cde9b57ccf3343d35ea0e68f1be5d7f7d52878385');
    const robust = runCli(['generate', 'murder', '--size', '6', '--level', 'hard', '--count', '2', '--seed', 'sheet-bytes', '--robust', '--clues', 'sheet']);
    expect(sha(robust.stdout)).toBe('533b2b6a939104031308f49adf5d1bad4a10ee19937ca73604d8178b05b0e33e');
  });

  test('extended: verified cases, the same bytes with one worker or two', () => {
    const args = ['generate', 'murder', '--size', '6', '--level', 'medium', '--count', '4', '--seed', 'ext', '--clues', 'extended'];
    const one = runCli([...args, '-j', '1']);
    const two = runCli([...args, '-j', '2']);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const lines = one.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(verifyCase(JSON.parse(line)).problems).toEqual([]);
  });
});
