/**
 * Live tables: a seat follows its table as Server-Sent Events instead of polling its view.
 *
 *   POST /tables/:id/tickets   Bearer token → { ticket, seat, expiresAt }            201
 *   GET  /tables/:id/events?ticket=T        → text/event-stream                      200
 *
 * Each event is one move of the log (a seat's move, a skip, a lapse, a flag fall, a resignation):
 * `id:` its move number, `data:` the seat's state right after it — the shape of `GET /tables/:id`
 * with that one move in `moves` (and `record` on the move that ended the game). A new stream
 * starts with the latest move (id 0 and the start's state before the first); a reconnect's
 * `Last-Event-ID` (or `?lastEventId=`) resumes right after it, so nothing is missed or sent
 * twice. After the event of the end the server closes the stream; a reconnect then gets 204,
 * which tells EventSource to stop. Before the first event a `clock` event gives the server's
 * time (`{ "now": ms }`) for a client's countdown.
 *
 * Why a ticket: EventSource cannot send an Authorization header (tokens.ts, `eventTicket`).
 */
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PassThrough } from 'node:stream';
import { ErrorBody, EventsHeaders, EventsQuery, EventTicket, TableParams } from './schema.ts';
import type { TableEvent } from './seat-events.ts';
import { TableError, type TableService, type Watcher } from './service.ts';
import type { TableLog } from './store.ts';

/** A stream whose client reads slower than this many bytes behind is closed: it reconnects and resumes. */
const MAX_BEHIND_BYTES = 1 << 20;
/** A comment this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** Open streams one seat of a table may hold (tabs, devices, reconnects not yet noticed as closed). */
export const MAX_STREAMS_PER_SEAT = 32;
/** How soon EventSource reconnects after a dropped stream. */
const RETRY_MS = 1000;

type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export function eventRoutes(app: App, service: TableService, bearerOf: (header: string | undefined) => string | null): void {
  const errors = { '4xx': ErrorBody, '5xx': ErrorBody };
  const open = new Set<PassThrough>();
  /** Open streams per table and seat ("<id>/<seat>"). */
  const perSeat = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | null = null;

  app.post(
    '/tables/:id/tickets',
    { schema: { operationId: 'createEventTicket', summary: "A ticket to open the seat's event stream", tags: ['tables'], security: [{ seatToken: [] }], params: TableParams, response: { 201: EventTicket, ...errors } } },
    async (request, reply) => reply.code(201).send(await service.ticket(request.params.id, bearerOf(request.headers.authorization))),
  );

  app.get(
    '/tables/:id/events',
    {
      // compression would buffer the events; each is a few kilobytes of JSON
      compress: false,
      schema: {
        operationId: 'getTableEvents',
        security: [{ eventTicket: [] }],
        summary: 'The seat\'s table as Server-Sent Events: one event per move, id = move number',
        tags: ['tables'],
        params: TableParams,
        querystring: EventsQuery,
        headers: EventsHeaders,
        response: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 204: { description: 'the game is over and the client has its last event', type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId);
      // watching before the log is read: a move committed meanwhile is held here, not lost
      // (the store may answer asynchronously); `sent` drops what the first read already had
      const early: Array<[TableLog, boolean]> = [];
      let live: Watcher | null = null;
      const stop = service.watch(id, (log, ended) => (live ? live(log, ended) : early.push([log, ended])));
      let opened;
      try {
        opened = await service.openEvents(id, request.query.ticket, lastEventId);
      } catch (e) {
        stop();
        throw e;
      }
      if (opened.ended && opened.events.length === 0) {
        stop();
        return reply.code(204).send();
      }
      const seat = opened.seat;
      const seatKey = `${id}/${seat}`;
      const holding = perSeat.get(seatKey) ?? 0;
      if (holding >= MAX_STREAMS_PER_SEAT) {
        stop();
        return reply.code(429).header('retry-after', '5').send({ error: `seat ${seat} of table ${id} already has ${MAX_STREAMS_PER_SEAT} open event streams: close one first` });
      }
      perSeat.set(seatKey, holding + 1);

      const stream = new PassThrough();
      let sent = -1;
      stream.on('error', () => {}); // a client gone mid-write: 'close' follows and cleans up
      const send = (events: readonly TableEvent[]) => {
        if (stream.writableEnded || stream.destroyed) return;
        for (const event of events) {
          if (event.id <= sent) continue;
          stream.write(`id: ${event.id}\ndata: ${event.data}\n\n`);
          sent = event.id;
        }
      };
      const follow: Watcher = (log, ended) => {
        send(service.eventsAfter(log, seat, sent));
        if (ended) stream.end();
        // a live client this far behind reads too slowly: it reconnects and resumes (the catch-up
        // written at the start is not counted: a long game's backlog is larger, and is sent once)
        else if (reply.raw.writableLength > MAX_BEHIND_BYTES) stream.destroy();
      };
      stream.on('close', () => {
        stop();
        open.delete(stream);
        const left = perSeat.get(seatKey)! - 1;
        if (left === 0) perSeat.delete(seatKey);
        else perSeat.set(seatKey, left);
        if (open.size === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = null;
        }
      });
      reply.raw.on('close', () => stream.destroy());
      open.add(stream);
      heartbeat ??= setInterval(() => {
        for (const s of open) s.write(': \n\n');
      }, HEARTBEAT_MS).unref();

      stream.write(`retry: ${RETRY_MS}\n\nevent: clock\ndata: ${JSON.stringify({ now: service.now() })}\n\n`);
      send(opened.events);
      if (opened.ended) stream.end();
      else {
        for (const [log, ended] of early) follow(log, ended);
        live = follow;
      }
      return reply.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no').send(stream);
    },
  );

  // open streams never end by themselves: end them at the close (the server also cuts their
  // connections: forceCloseConnections in app.ts), so their clients see the end and reconnect
  app.addHook('preClose', async () => {
    for (const s of open) s.end();
  });
}

/**
 * The move number to resume after: the Last-Event-ID header, else ?lastEventId=. The header wins:
 * EventSource reconnects to the URL it was opened with (?lastEventId= of a new stream, then
 * outdated) and adds the header with the last id it received.
 */
function lastEventIdOf(header: string | undefined, query: string | undefined): number | null {
  const value = header?.trim() || query;
  if (value === undefined || value === '') return null;
  if (!/^[0-9]{1,9}$/.test(value)) throw new TableError(400, `Last-Event-ID must be a move number, not "${value.slice(0, 40)}"`);
  return Number(value);
}
