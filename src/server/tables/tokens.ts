/**
 * Seat tokens: 256 random bits from the operating system's CSPRNG, given to the players once
 * (base64url) and stored only as SHA-256 hashes, so a copy of the database lets no one act for a
 * seat. A presented token is hashed and compared with every seat's hash in constant time (every
 * comparison always runs), so the answer's timing tells nothing about either hash.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** The seat (1-based) whose hash the token has, or null. Every seat's comparison runs, whichever matches. */
export function seatOfToken(token: string, seatHashes: readonly Buffer[]): number | null {
  const presented = tokenHash(token);
  let seat: number | null = null;
  seatHashes.forEach((hash, i) => {
    if (hash.length === presented.length && timingSafeEqual(hash, presented)) seat = i + 1;
  });
  return seat;
}

/** The token of an `Authorization: Bearer <token>` header, or null when there is none of that form. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header?.trim() ?? '');
  return match ? match[1]! : null;
}

/**
 * Event tickets: `GET /tables/:id/events` is opened by a browser's EventSource, which cannot send
 * an Authorization header, so the seat token would have to go in the URL — where access logs,
 * proxies and the browser's history keep it for good. Instead the seat trades its token (in the
 * header, on `POST /tables/:id/tickets`) for a ticket that names the table, the seat and its
 * expiry and is signed with the seat's stored token hash: any instance that can read the table
 * can check it (no ticket table, nothing kept in memory), it only opens the seat's event stream
 * (no move, no ticket), and a copy left in a log is worthless after a minute. A copy of the
 * database could sign tickets (to read, never to act) — it holds the deals themselves anyway.
 *
 *   t1.<seat>.<expiresAt ms>.<HMAC-SHA256(token hash, "t1.<table>.<seat>.<expiresAt>"), base64url>
 */
export function eventTicket(tableId: string, seat: number, expiresAt: number, seatHash: Buffer): string {
  return `t1.${seat}.${expiresAt}.${ticketMac(tableId, seat, expiresAt, seatHash)}`;
}

/**
 * The seat a ticket opens this table's events for at `now`, or why it does not (with `expired`,
 * the seat of a ticket that was this table's but ran out: it may still be told the game is over).
 */
export function ticketSeat(ticket: string, tableId: string, seatHashes: readonly Buffer[], now: number): { seat: number } | { why: string; expired?: number } {
  const match = /^t1\.([1-4])\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return { why: 'not an event ticket (get one from POST /tables/:id/tickets)' };
  const seat = Number(match[1]);
  if (seat > seatHashes.length) return { why: `the ticket is not one of table ${tableId}` };
  const expiresAt = Number(match[2]);
  const expected = Buffer.from(ticketMac(tableId, seat, expiresAt, seatHashes[seat - 1]!), 'base64url');
  const presented = Buffer.from(match[3]!, 'base64url');
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return { why: `the ticket is not one of table ${tableId}` };
  if (now > expiresAt) return { expired: seat, why: `the ticket expired ${Math.round((now - expiresAt) / 1000)} s ago: get a new one from POST /tables/${tableId}/tickets` };
  return { seat };
}

function ticketMac(tableId: string, seat: number, expiresAt: number, seatHash: Buffer): string {
  return createHmac('sha256', seatHash).update(`t1.${tableId}.${seat}.${expiresAt}`).digest('base64url');
}
