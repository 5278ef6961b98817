/**
 * The contract of `GET /openapi.json` (src/server/openapi.ts): a valid OpenAPI 3.1 document
 * (checked by @seriousme/openapi-schema-validator against the official 3.1 schema, and every
 * schema in it against JSON Schema 2020-12's meta-schema, which that schema leaves open), one
 * unique operationId per operation (a route added without one fails here), the security schemes,
 * the kinds' published schemas as components, and a document that describes the real answers:
 * each example and each answer of a real server holds to the schema documented for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { ROOT } from '../helpers/cli.ts';
import { DATE, generated, testServer, type TestServer } from './helpers.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let doc: Json;
let board: NumbridgeBoardFile;
let kase: MurderCaseFile;

beforeAll(async () => {
  board = generated('numbridge', { size: 6, blocks: 'irregular' }, 1, 'openapi')[0] as NumbridgeBoardFile;
  kase = generated('murder', { size: 4, level: 'easy' }, 1, 'openapi')[0] as unknown as MurderCaseFile;
  server = await testServer([board, kase], { daily: true });
  doc = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
}, 120_000);
afterAll(() => server.close());

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const operations = () => Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.entries(item as Json).filter(([m]) => METHODS.includes(m)).map(([method, op]) => ({ path, method, op: op as Json })));

/** Every schema of the document with where it is: components, bodies, parameters, answers. */
function schemas(): Array<{ where: string; schema: unknown; example?: unknown; examples?: Json }> {
  const found: Array<{ where: string; schema: unknown; example?: unknown; examples?: Json }> = [];
  for (const [name, schema] of Object.entries(doc.components.schemas as Json)) found.push({ where: `components/schemas/${name}`, schema });
  for (const { path, method, op } of operations()) {
    const at = `${method.toUpperCase()} ${path}`;
    for (const p of op.parameters ?? []) found.push({ where: `${at} ${p.in} ${p.name}`, schema: p.schema });
    for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) found.push({ where: `${at} body ${type}`, ...media });
    for (const [status, answer] of Object.entries(op.responses as Json)) for (const [type, media] of Object.entries((answer.content ?? {}) as Json)) found.push({ where: `${at} ${status} ${type}`, ...media });
  }
  return found;
}

/** An Ajv holding the document, so that a schema's `#/components/...` references resolve. */
function documentAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  ajv.addSchema({ $id: 'https://puzzlemill.test/openapi.json', components: doc.components });
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema: unknown) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"https://puzzlemill.test/openapi.json#/components/');
    let validate = cache.get(text);
    if (!validate) cache.set(text, (validate = ajv.compile(JSON.parse(text))));
    return validate;
  };
}

describe('GET /openapi.json', () => {
  test('is valid OpenAPI 3.1.0, its references resolve', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  test('every schema in it is JSON Schema 2020-12 (no 3.0 forms: nullable, items as a list, additionalItems)', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const { where, schema } of schemas()) {
      if (!ajv.validateSchema(schema as object)) throw new Error(`${where}: ${ajv.errorsText(ajv.errors)}`);
      expect(JSON.stringify(schema), where).not.toMatch(/"nullable"|"additionalItems"|"x-puzzlemill-component"/);
    }
  });

  test('every operation has a unique camelCase operationId', () => {
    const ids = operations().map(({ path, method, op }) => {
      expect(op.operationId, `${method.toUpperCase()} ${path} has no operationId`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return op.operationId as string;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['getDaily', 'getPuzzle', 'listPuzzles', 'checkPuzzle', 'hintPuzzle', 'verifyPuzzle', 'createTable', 'getTable', 'moveTable']));
  });

  test('declares the seat token and the events ticket; the seat routes need the token', () => {
    expect(doc.components.securitySchemes).toEqual({
      seatToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      eventTicket: expect.objectContaining({ type: 'apiKey', in: 'query', name: 'ticket' }),
    });
    expect(doc.paths['/tables/{id}'].get.security).toEqual([{ seatToken: [] }]);
    expect(doc.paths['/tables/{id}/moves'].post.security).toEqual([{ seatToken: [] }]);
    expect(doc.paths['/tables'].post.security).toBeUndefined();
    // the token is the scheme, not a header parameter too
    expect(doc.paths['/tables/{id}'].get.parameters.map((p: Json) => p.name)).not.toContain('authorization');
  });

  test("holds the kinds' published file schemas as they are, and the player forms as those without secret", () => {
    for (const [name, file] of [['NumbridgeBoard', 'numbridge-board'], ['MurderCase', 'murder-case']]) {
      expect(doc.components.schemas[name!]).toEqual(JSON.parse(readFileSync(join(ROOT, 'schemas', `${file}.schema.json`), 'utf8')));
      expect(doc.components.schemas[`${name}Player`]).toMatchObject({ allOf: [{ $ref: `#/components/schemas/${name}` }], properties: { secret: false } });
    }
    expect(doc.paths['/puzzles/{id}'].get.responses['200'].content['application/json'].schema.oneOf).toEqual([
      { $ref: '#/components/schemas/NumbridgeBoardPlayer' },
      { $ref: '#/components/schemas/MurderCasePlayer' },
    ]);
    expect(doc.paths['/verify'].post.requestBody.content).toHaveProperty('text/plain');
  });

  test('each example holds to its schema', () => {
    const compile = documentAjv();
    let count = 0;
    for (const { where, schema, example, examples } of schemas()) {
      const values = [...(example !== undefined ? [example] : []), ...Object.values(examples ?? {}).map((e: Json) => e.value), ...(((schema as Json)?.examples as unknown[]) ?? [])];
      for (const value of values) {
        const validate = compile(schema);
        if (!validate(value)) throw new Error(`${where}: example ${JSON.stringify(value).slice(0, 100)}: ${JSON.stringify(validate.errors)}`);
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(8);
  });

  test("describes the real answers: each holds to the schema documented for its status", async () => {
    const compile = documentAjv();
    const json = (path: string, method: string, status: number | string) => doc.paths[path][method].responses[String(status)]?.content?.['application/json']?.schema;
    const calls: Array<[string, string, string, unknown?]> = [
      [`/daily/${DATE}`, '/daily/{date}', 'get'],
      ['/daily/2999-01-01', '/daily/{date}', 'get'],
      [`/puzzles/${board.id}`, '/puzzles/{id}', 'get'],
      [`/puzzles/${kase.id}`, '/puzzles/{id}', 'get'],
      ['/puzzles/nope', '/puzzles/{id}', 'get'],
      ['/puzzles?limit=2', '/puzzles', 'get'],
      ['/puzzles?grade=nope', '/puzzles', 'get'],
      [`/puzzles/${board.id}/check`, '/puzzles/{id}/check', 'post', { cells: [{ row: 0, column: 0, digit: 1 }] }],
      [`/puzzles/${kase.id}/check`, '/puzzles/{id}/check', 'post', { positions: {} }],
      [`/puzzles/${board.id}/hint`, '/puzzles/{id}/hint', 'post', {}],
      [`/puzzles/${board.id}/hint`, '/puzzles/{id}/hint', 'post', { grid: board.secret!.solution }],
      [`/puzzles/${kase.id}/hint`, '/puzzles/{id}/hint', 'post', {}],
      ['/verify', '/verify', 'post', board],
      ['/tables', '/tables', 'post', { variant: 'blitz' }],
    ];
    for (const [url, path, method, body] of calls) {
      const answer = await server.app.inject({ method: method.toUpperCase() as 'GET', url, ...(body !== undefined ? { payload: body as object } : {}) });
      const schema = json(path, method, answer.statusCode) ?? json(path, method, `${String(answer.statusCode)[0]}XX`);
      expect(schema, `${method} ${url}: ${answer.statusCode} is not documented`).toBeDefined();
      const validate = compile(schema);
      if (!validate(answer.json())) throw new Error(`${method} ${url} ${answer.statusCode}: ${JSON.stringify(validate.errors)} in ${answer.body.slice(0, 200)}`);
    }
  });
});
