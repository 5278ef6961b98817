/**
 * How long a GET answer may be kept, and the validator to ask again with. Every GET answer gets a
 * `Cache-Control` by what it is and a weak `ETag` of its bytes (before compression: one tag for
 * every encoding, hence weak); a request whose `If-None-Match` names it gets a 304 and no body.
 *
 *   /puzzles/:id, its picture.svg, /daily/YYYY-MM-DD   immutable: a stored file never changes under
 *                                                      its content-hashed id, nor a date's set
 *   /daily/today, /puzzles (lists), /openapi.json,     a minute: today's set turns at midnight, and
 *   /stats/puzzles/:id                                 the figures are a minute's report
 *   /tables/:id (a seat's view)                        no-store; its ETag is the route's own (the state,
 *                                                      not the clock's reading): If-None-Match → 304
 *   /tables/:id/picture.svg                            private, revalidated on every use
 *   /tables/:id/events                                 no-store (a stream)
 *   any error                                          no-store: a puzzle of a later daily set is a
 *                                                      404 until its day, and must not stay one
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=60';

/** The Cache-Control of a GET answer, by its route (Fastify's pattern) and parameters. */
export function cacheControlOf(route: string | undefined, params: Readonly<Record<string, unknown>>, status: number): string {
  if (status >= 400) return 'no-store';
  switch (route) {
    case '/puzzles/:id':
    case '/puzzles/:id/picture.svg':
      return IMMUTABLE;
    case '/daily/:date':
      return params.date === 'today' ? SHORT : IMMUTABLE;
    case '/tables/:id':
      // its ETag names the state, not the clock's reading: a cache would hand the page an old
      // reading as fresh; a client that sends If-None-Match itself knows a 304 means "no move since"
      return 'no-store';
    case '/tables/:id/picture.svg':
      return 'private, no-cache';
    case '/tables/:id/events':
      return 'no-store';
    default:
      return SHORT;
  }
}

/** `W/"<sha1 of the bytes, base64url>"`: a weak tag, the same for every content encoding. */
export function weakEtag(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** True when an If-None-Match header (one tag, a list, or `*`) names `etag` (weak comparison). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The onSend hook: Cache-Control and ETag on GET and HEAD answers, 304 when the client has them. */
export function cacheHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  reply.header('cache-control', cacheControlOf(request.routeOptions.url, request.params as Record<string, unknown>, reply.statusCode));
  if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
  // a route may name its answer's state itself (a table view: its moves, not its clock's reading)
  const etag = (reply.getHeader('etag') as string | undefined) ?? weakEtag(payload);
  reply.header('etag', etag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}
