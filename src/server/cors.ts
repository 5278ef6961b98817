/**
 * Which web apps on other origins may call the API (`serve --cors-origin`), answered per request
 * (@fastify/cors's delegator, which also answers every route's preflight):
 *
 *   a listed origin   every route: GET, HEAD and POST, with the headers our routes read
 *                     (Content-Type, Authorization for a seat's token, Idempotency-Key,
 *                     If-None-Match, Last-Event-ID, Puzzlemill-Player for play statistics); ETag and Retry-After readable by the app
 *   `*`               any origin, the read-only routes only (GET, HEAD: the daily set, puzzles,
 *                     pictures, lists); a POST from an origin not listed gets no CORS headers, so
 *                     the browser refuses it
 *
 * Credentials (cookies) are never allowed: a seat's token travels in Authorization, which the
 * app sets itself, so no origin is ever trusted with the browser's ambient credentials.
 */
import type { FastifyCorsOptions, FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';

const READ_ONLY = new Set(['GET', 'HEAD']);
const COMMON = {
  allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'If-None-Match', 'Last-Event-ID', 'Puzzlemill-Player'],
  exposedHeaders: ['ETag', 'Retry-After'],
  credentials: false,
  maxAge: 600,
} satisfies FastifyCorsOptions;

/** The method a request stands for: a preflight's `Access-Control-Request-Method`, or its own. */
function methodOf(request: FastifyRequest): string {
  const asked = request.headers['access-control-request-method'];
  return request.method === 'OPTIONS' && typeof asked === 'string' ? asked.toUpperCase() : request.method;
}

export function corsPolicy(origins: readonly string[]): FastifyCorsOptionsDelegateCallback {
  const listed = new Set(origins.filter((o) => o !== '*'));
  const anyToRead = origins.includes('*');
  return (request: FastifyRequest, answer) => {
    const origin = request.headers.origin;
    if (origin !== undefined && listed.has(origin)) return answer(null, { ...COMMON, origin, methods: ['GET', 'HEAD', 'POST'] });
    if (anyToRead && READ_ONLY.has(methodOf(request))) return answer(null, { ...COMMON, origin: '*', methods: ['GET', 'HEAD'] });
    answer(null, { origin: false });
  };
}
