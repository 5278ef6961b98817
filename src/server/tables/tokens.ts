/**
 * Seat tokens: 256 random bits from the operating system's CSPRNG, given to the players once
 * (base64url) and stored only as SHA-256 hashes, so a copy of the database lets no one act for a
 * seat. A presented token is hashed and compared with both seats' hashes in constant time (both
 * comparisons always run), so the answer's timing tells nothing about either hash.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Player } from '../../games/numbridge/room.ts';

const TOKEN_BYTES = 32;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** The seat whose hash the token has, or null. */
export function seatOfToken(token: string, seatHashes: readonly [Buffer, Buffer]): Player | null {
  const presented = tokenHash(token);
  const one = seatHashes[0].length === presented.length && timingSafeEqual(seatHashes[0], presented);
  const two = seatHashes[1].length === presented.length && timingSafeEqual(seatHashes[1], presented);
  return one ? 1 : two ? 2 : null;
}

/** The token of an `Authorization: Bearer <token>` header, or null when there is none of that form. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header?.trim() ?? '');
  return match ? match[1]! : null;
}
