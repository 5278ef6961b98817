/**
 * The baseline beside `bench serve`'s rows: plain Fastify with nothing behind its routes. The
 * three table routes have no tokens, referee, database or views: a move bumps the table's counter
 * and sends every stream of the table one event of `--pad` bytes (the size of puzzlemill's events
 * in the same run). `GET /daily` answers the bytes of the file `--daily` names (the same daily
 * set puzzlemill serves), as JSON, with nothing else: no ETag, no compression, no store. What is
 * left is Fastify, Node's sockets and the framing: the ceiling for puzzlemill's rows.
 *
 *   node bench/plain-sse-server.mjs --pad 1500 --moves 30 [--daily FILE]   → "listening on http://… (API)"
 */
import Fastify from 'fastify';
import { PassThrough } from 'node:stream';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { pad: { type: 'string', default: '1500' }, moves: { type: 'string', default: '30' }, daily: { type: 'string' } } });
const pad = 'x'.repeat(Number(values.pad));
const movesPerGame = Number(values.moves);
const tables = new Map();
const app = Fastify({ logger: false });

if (values.daily) {
  const daily = readFileSync(values.daily);
  app.get('/daily', async (_request, reply) => reply.type('application/json; charset=utf-8').send(daily));
}

app.post('/tables', async (_request, reply) => {
  const id = `plain-${tables.size + 1}`;
  tables.set(id, { count: 0, streams: new Set() });
  return reply.code(201).send({ id });
});

app.get('/tables/:id/events', async (request, reply) => {
  const table = tables.get(request.params.id);
  const stream = new PassThrough();
  table.streams.add(stream);
  stream.on('close', () => table.streams.delete(stream));
  reply.raw.on('close', () => stream.destroy());
  stream.write(`id: 0\ndata: ${JSON.stringify({ toMove: 1, result: null })}\n\n`);
  return reply.header('content-type', 'text/event-stream; charset=utf-8').send(stream);
});

app.post('/tables/:id/moves', async (request) => {
  const table = tables.get(request.params.id);
  const moveNumber = ++table.count;
  const data = JSON.stringify({ toMove: (moveNumber % 2) + 1, result: moveNumber >= movesPerGame ? 'end' : null, pad });
  for (const stream of table.streams) stream.write(`id: ${moveNumber}\ndata: ${data}\n\n`);
  return { moveNumber };
});

const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stderr.write(`listening on ${url} (API)\n`);
process.on('SIGTERM', () => {
  for (const table of tables.values()) for (const s of table.streams) s.end();
  void app.close().then(() => process.exit(0));
});
