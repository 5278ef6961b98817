/**
 * Our SHA-256 against node:crypto (the ids of every file depend on it being exactly SHA-256) and
 * against the FIPS 180-2 appendix vectors.
 */
import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { sha256, sha256Hex } from '../../src/core/sha256.ts';

const nodeHex = (m: string | Uint8Array) => createHash('sha256').update(m).digest('hex');

describe('sha256', () => {
  test('FIPS 180-2 vectors: one block, two blocks, a million a', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  test('every length around the padding boundaries (55, 56, 63, 64 bytes …)', () => {
    for (let n = 0; n <= 200; n++) {
      const m = 'x'.repeat(n);
      expect(sha256Hex(m), `length ${n}`).toBe(nodeHex(m));
    }
  });

  test('a string is hashed as its UTF-8 bytes, as node:crypto does', () => {
    for (const m of ['Müller', 'Straße ♀♂', '😀 astral', 'Küche:äöü'.repeat(20)]) expect(sha256Hex(m)).toBe(nodeHex(m));
    expect(sha256(new TextEncoder().encode('Müller'))).toEqual(new Uint8Array(createHash('sha256').update('Müller').digest()));
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 300 })], { numRuns: 300 })('random strings (non-ASCII, astral, multi-block)', (m) => {
    expect(sha256Hex(m)).toBe(nodeHex(m));
  });

  test.prop([fc.uint8Array({ maxLength: 1000 })], { numRuns: 200 })('random bytes', (m) => {
    expect(sha256Hex(m)).toBe(nodeHex(m));
  });
});
