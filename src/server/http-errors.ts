/**
 * Requests the HTTP parser refuses before any route sees them — a request line that is not HTTP,
 * a bad chunk, Content-Length beside Transfer-Encoding, headers over Node's 16 KiB, a request
 * not received in time — answered like every other client error: a status and
 * `{ "error": "<one line>" }`, then the connection closed (the parser cannot find the next request
 * on it). And what the parser leaves to us: HTTP/1.1 without Host, and a compressed body that
 * @fastify/compress cannot decode.
 */
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the parser's error codes (and llhttp's reason, where one code has several) mean to the client: status and reason. */
function parserRefusal(code: string | undefined, reason: string): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'request headers: larger than 16 KiB'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'request: not received in time'];
    case 'HPE_INVALID_CHUNK_SIZE':
      return [400, 'body: a bad chunk size in the chunked transfer encoding'];
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return [400, 'request headers: Content-Length and Transfer-Encoding together'];
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return [400, /content-length/i.test(reason) ? 'request headers: Content-Length and Transfer-Encoding together' : 'request headers: a Transfer-Encoding other than chunked'];
    case 'HPE_INVALID_CONTENT_LENGTH':
      return [400, 'request headers: Content-Length is not one number'];
    case 'HPE_INVALID_METHOD':
    case 'HPE_INVALID_URL':
    case 'HPE_INVALID_VERSION':
    case 'HPE_INVALID_CONSTANT':
      return [400, 'request line: not an HTTP/1.1 request line (METHOD /path HTTP/1.1)'];
    default:
      return [400, `request: not readable as HTTP (${code ?? 'unknown parser error'})`];
  }
}

/** Fastify's `clientErrorHandler`: the parser's refusal in our words, then the socket closed. */
export function clientError(error: Error & { code?: string; reason?: string }, socket: Socket): void {
  // a reset connection has no one to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // a response already under way on this connection (pipelined requests) must not get ours in its middle
  if ((socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason] = parserRefusal(error.code, error.reason ?? '');
  if (socket.writable) socket.write(rawErrorResponse(status, reason));
  socket.destroy();
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large' };

/** A whole HTTP/1.1 answer `{ "error": reason }` for a socket no request object is made for; the connection closes after it. */
export function rawErrorResponse(status: number, reason: string, headers = ''): string {
  const body = JSON.stringify({ error: reason });
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}Connection: close\r\n\r\n${body}`;
}

/**
 * An onRequest hook: HTTP/1.1 without a Host header (the server is told not to answer those
 * itself, with an empty 400).
 */
export async function headerChecks(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
    await reply.code(400).send({ error: 'request headers: no Host header (HTTP/1.1 requires one)' });
  }
}

/**
 * A compressed body's refusal in our words: @fastify/compress decodes gzip, br and deflate bodies;
 * a body that is not what its Content-Encoding says is a 400, another encoding a 415. Null: not one.
 */
export function encodingRefusal(error: { code?: string }, request: FastifyRequest): [number, string] | null {
  const encoding = JSON.stringify(String(request.headers['content-encoding'] ?? '').slice(0, 40));
  if (error.code === 'FST_CP_ERR_INVALID_CONTENT') return [400, `body: not readable as Content-Encoding ${encoding} says`];
  if (error.code === 'FST_CP_ERR_INVALID_CONTENT_ENCODING') return [415, `body: Content-Encoding ${encoding} is not accepted (gzip, br, deflate or none)`];
  return null;
}
