/**
 * The contract of `GET /openapi.json` beyond what @fastify/swagger derives from the route schemas:
 * OpenAPI 3.1.0 throughout, the security schemes, and the shared shapes (the kinds' published
 * file schemas, the player forms, positions, the daily index, the error) shown once under
 * `components.schemas` and referenced by name, so generated clients (src/client/api.ts) get one
 * named type per shape.
 *
 * The route schemas stay what validates and serialises (one source): a schema meant as a
 * component is marked by `component(name, schema)` where the route schemas are built, and the
 * document's last pass (`finishDocument`, swagger's `transformObject`) replaces each marked copy
 * by a `$ref` and puts the schema itself under its name — the original object, not swagger's
 * conversion of it (swagger turns `patternProperties` into `additionalProperties` and drops
 * `$id`, which the published schemas keep).
 */
import type { SwaggerOptions } from '@fastify/swagger';

/**
 * `served` for the route (what validates and serialises), shown in the document as `documented`
 * under `name`: for an answer of several shapes of which the route's serialiser writes one and
 * the handler the others with their own (the tables' seat states: Numbridge's as it always was,
 * Kosmos's and Domino's as JSON of their own schemas).
 */
export function documentedAs<T extends object>(name: string, documented: object, served: T): T {
  originals.set(name, documented);
  return { ...served, [MARK]: name } as T;
}

/** The marker keyword: validators (Ajv with strict off) and fast-json-stringify ignore it. */
const MARK = 'x-puzzlemill-component';

/** Name → the schema as written; a later registration of a name replaces the earlier (the kinds known when the last server was built). */
const originals = new Map<string, object>();

/**
 * `schema`, to be shown in the document as `#/components/schemas/<name>`. Returns a marked copy for
 * the route schemas, without `$id` and `$schema` (swagger would hoist an `$id` itself as `def-N`)
 * and without `examples` (swagger would copy them to every answer using it: they stay with the
 * component).
 */
export function component<T extends object>(name: string, schema: T): T {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new RangeError(`component name ${JSON.stringify(name)}: letters, digits, ".", "_" and "-" only`);
  originals.set(name, schema);
  const { $id: _id, $schema: _schema, examples: _examples, ...rest } = schema as Record<string, unknown>;
  return { ...rest, [MARK]: name } as T;
}

/** A name for schemas of a file format: `puzzlemill/numbridge-board` → `NumbridgeBoard`. */
export function formatComponentName(format: string): string {
  return format
    .split('/')
    .at(-1)!
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/**
 * The security schemes routes name in `security`: a table seat's bearer token (the seat's view,
 * its picture, its moves, its event tickets) and the short-lived ticket of the table events stream
 * (`GET /tables/{id}/events?ticket=…`: EventSource cannot send an Authorization header).
 */
export const SECURITY_SCHEMES = {
  seatToken: { type: 'http', scheme: 'bearer', description: "a table seat's token, from the answer to POST /tables (shown once)" },
  eventTicket: { type: 'apiKey', in: 'query', name: 'ticket', description: 'a short-lived ticket for GET /tables/{id}/events, from POST /tables/{id}/tickets with the seat token' },
} as const;

/** The options @fastify/swagger is registered with (app.ts, and tests registering a route plugin alone). */
export function swaggerOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'puzzlemill', description: 'Puzzles for frontends: player forms, checks and hints against solutions kept on the server, verify as a service', version: '1' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transformObject: (documentObject) => finishDocument((documentObject as { openapiObject: OpenApiDocument }).openapiObject),
  };
}

type Json = Record<string, unknown>;
interface OpenApiDocument extends Json {
  paths?: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, unknown> } & Json;
}

/** The keywords whose values are schemas (objects of schemas, lists of schemas), JSON Schema 2020-12. */
const ONE = ['additionalProperties', 'items', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const MANY = ['prefixItems', 'allOf', 'anyOf', 'oneOf'];
const BY_NAME = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * A schema (a copy) in OpenAPI 3.1's dialect, its marked parts replaced by references (each
 * named part added to `hoist`). TypeBox's `Type.Tuple` (the position bodies) writes draft-07's
 * `items: [...]` with `additionalItems`, which 2020-12 has as `prefixItems` and `items`.
 */
function finishSchema(schema: unknown, hoist: (name: string) => void): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const s = schema as Json;
  const name = s[MARK];
  if (typeof name === 'string') {
    hoist(name);
    // the description of this use stays beside the reference (3.1 allows siblings of $ref)
    const original = originals.get(name) as Json | undefined;
    return s.description !== undefined && s.description !== original?.description ? { $ref: `#/components/schemas/${name}`, description: s.description } : { $ref: `#/components/schemas/${name}` };
  }
  const out: Json = { ...s };
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    if (out.additionalItems !== undefined) out.items = out.additionalItems;
    else delete out.items;
    delete out.additionalItems;
  }
  for (const key of ONE) if (key in out) out[key] = finishSchema(out[key], hoist);
  for (const key of MANY) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((x) => finishSchema(x, hoist));
  for (const key of BY_NAME) {
    if (typeof out[key] === 'object' && out[key] !== null) out[key] = Object.fromEntries(Object.entries(out[key] as Json).map(([k, v]) => [k, finishSchema(v, hoist)]));
  }
  return out;
}

/** Every place of an OpenAPI document that holds a schema: bodies, parameters, answers and their headers. */
function eachSchemaOf(doc: OpenApiDocument, map: (schema: unknown) => unknown): void {
  const media = (content: unknown) => {
    for (const m of Object.values((content ?? {}) as Record<string, Json>)) if (m.schema !== undefined) m.schema = map(m.schema);
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || operation === null) continue;
      for (const p of (operation.parameters ?? []) as Json[]) if (p.schema !== undefined) p.schema = map(p.schema);
      media((operation.requestBody as Json | undefined)?.content);
      for (const r of Object.values((operation.responses ?? {}) as Record<string, Json>)) {
        media(r.content);
        for (const h of Object.values((r.headers ?? {}) as Record<string, Json>)) if (h.schema !== undefined) h.schema = map(h.schema);
      }
    }
  }
}

/** The last pass over swagger's document (its transformObject): components hoisted, 3.1 forms. */
export function finishDocument(doc: OpenApiDocument): OpenApiDocument {
  const schemas: Record<string, unknown> = { ...(doc.components?.schemas ?? {}) };
  const pending: string[] = [];
  const hoist = (name: string) => {
    if (!(name in schemas) && !pending.includes(name)) pending.push(name);
  };
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = finishSchema(schema, hoist);
  eachSchemaOf(doc, (schema) => finishSchema(schema, hoist));
  // a component may name others (a player form its file schema): hoisted until none is new
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    schemas[name] = null; // taken: a schema naming itself is not hoisted again
    const original = originals.get(name) as Json;
    // the original is hoisted as written: its own mark (if it is a marked copy's source) is not a reference to itself
    const { [MARK]: _mark, ...plain } = original;
    schemas[name] = finishSchema(plain, hoist);
  }
  doc.components = { ...doc.components, schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) };
  return doc;
}
