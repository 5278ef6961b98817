/**
 * The tables API as a Fastify plugin (register it with `{ db }`; `now` and `dealSeed` are for tests):
 *
 *   POST /tables              deal a table → { id, seats: [{ seat, token }] }           201
 *   GET  /tables/:id          Bearer token → that seat's view, its move list, the clock
 *                             (after the end: the record too)                           200
 *   POST /tables/:id/moves    Bearer token, Idempotency-Key → the referee's verdict     200
 *
 * The plugin is encapsulated (not wrapped in fastify-plugin): its strict validator and its error
 * handler — every error one line as { "error": … } with a 4xx, never a stack trace — apply to
 * these routes only. Requests are validated without type coercion: "7" is no tile.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { Db } from '../db.ts';
import { Busy } from '../heavy-work.ts';
import { schemaError } from '../validation.ts';
import { CreatedTable, CreateTableBody, ErrorBody, MoveBody, MoveHeaders, MoveVerdict, SeatHeaders, SeatQuery, SeatState, TableParams } from './schema.ts';
import { TableError, TableService, type TableServiceOptions } from './service.ts';
import { SqliteTableStore } from './sqlite-store.ts';
import { StoreError } from './store.ts';
import { bearerToken } from './tokens.ts';

export interface TableRoutesOptions extends TableServiceOptions {
  db: Db;
}

/** Bodies are a few hundred bytes; anything near this is not a table request. */
const BODY_LIMIT = 8 * 1024;

export const tableRoutes: FastifyPluginAsync<TableRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service = new TableService(new SqliteTableStore(options.db), options);

  // draft 2020-12, as the game files' schemas are written (cells are prefixItems tuples); the
  // discriminator makes a bad move's error name its own kind's fields, not every kind's
  const ajv = new Ajv2020({ coerceTypes: false, allErrors: false, strict: false, discriminator: true, verbose: true });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  // worded as every request's (validation.ts; verbose above keeps what a refused choice needs)
  app.setSchemaErrorFormatter(schemaError);
  // JSON only: Fastify's text/plain parser would hand a string to the body schema
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TableError) return reply.code(error.status).send({ error: error.message });
    if (error instanceof Busy) return reply.code(503).header('retry-after', String(error.retryAfterSeconds)).send({ error: error.message });
    if (error instanceof StoreError) return reply.code(error.kind === 'conflict' ? 409 : 503).send({ error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: oneLine(error.message) });
    request.log.error(error);
    return reply.code(500).send({ error: 'internal error' });
  });

  const errors = { '4xx': ErrorBody, '5xx': ErrorBody };

  app.post(
    '/tables',
    { bodyLimit: BODY_LIMIT, schema: { summary: 'Deal a Numbridge table', tags: ['tables'], body: CreateTableBody, response: { 201: CreatedTable, ...errors } } },
    async (request, reply) => {
      const created = await service.create(request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/tables/:id',
    { schema: { summary: 'What one seat sees of a table', tags: ['tables'], params: TableParams, headers: SeatHeaders, querystring: SeatQuery, response: { 200: SeatState, ...errors } } },
    async (request) => service.seat(request.params.id, bearerOf(request.headers.authorization), request.query),
  );

  app.post(
    '/tables/:id/moves',
    {
      bodyLimit: BODY_LIMIT,
      schema: { summary: 'A seat\'s move', tags: ['tables'], params: TableParams, headers: MoveHeaders, body: MoveBody, response: { 200: MoveVerdict, ...errors } },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const inBody = request.body.idempotencyKey;
      if (header !== undefined && inBody !== undefined && header !== inBody) throw new TableError(400, 'the Idempotency-Key header and the body\'s idempotencyKey differ');
      const answer = await service.move(request.params.id, bearerOf(request.headers.authorization), request.body.move, header ?? inBody ?? null);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.send(answer.verdict);
    },
  );
};

/** The bearer token of the header; a header of another form is as good as none. */
function bearerOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const token = bearerToken(header);
  if (token === null) throw new TableError(401, 'the Authorization header must be "Bearer <seat token>"');
  return token;
}

function oneLine(message: string): string {
  return message.replace(/\s+/g, ' ').trim();
}
