/**
 * A kind's request from one TypeBox schema: the `generate <kind>` options (yargs' plain option
 * table, derived: type, description, choices, default, required) and the parser (ajv coercing
 * strings, filling defaults, dropping unknown keys: core/schema.ts coerceRequest). What a schema
 * cannot say — defaults that depend on another field, cross-field rules (5×5 needs irregular
 * blocks) — is the kind's `finish`, a small function after the schema. Every error is one
 * RangeError line naming the option.
 *
 * The schema's conventions: a closed Type.Object; a field whose values are a union of literals
 * has those as its choices; `description` is its help text; `default` its default.
 */
import type { ErrorObject } from 'ajv';
import { coerceRequest } from '../core/schema.ts';
import type { PuzzleRequest, RequestOption } from './kind.ts';

interface JsonSchemaNode {
  type?: string | string[];
  const?: unknown;
  anyOf?: JsonSchemaNode[];
  description?: string;
  default?: unknown;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
}

export interface RequestParts<R extends PuzzleRequest> {
  requestSchema: object;
  options: Readonly<Record<string, RequestOption>>;
  parseRequest(input: Readonly<Record<string, unknown>>): R;
}

/** The options table and parser of a request schema; `finish` turns the parsed fields into the request. */
export function requestFromSchema<R extends PuzzleRequest>(schema: object, finish: (fields: Record<string, unknown>) => R): RequestParts<R> {
  const root = schema as JsonSchemaNode;
  const properties = root.properties ?? {};
  const required = new Set(root.required ?? []);
  const options = Object.fromEntries(Object.entries(properties).map(([name, node]) => [name, optionOf(node, required.has(name))]));
  return {
    requestSchema: schema,
    options,
    parseRequest(input) {
      const parsed = coerceRequest(schema, input);
      if ('error' in parsed) throw new RangeError(`${parsed.field}: ${reason(parsed.error, properties[parsed.field], input[parsed.field])}`);
      return finish(parsed.value);
    },
  };
}

function optionOf(node: JsonSchemaNode, demanded: boolean): RequestOption {
  const values = choicesOf(node);
  const type = yargsType(node, values);
  const option: RequestOption = { type, describe: node.description ?? '' };
  if (values) option.choices = type === 'string' ? values.map(String) : values; // yargs compares choices strictly
  if (node.default !== undefined) option.default = node.default as string | number | boolean;
  if (demanded) option.demandOption = true;
  return option;
}

/** The values of a union of literals (nested unions flattened), or undefined. */
function choicesOf(node: JsonSchemaNode): Array<string | number> | undefined {
  if (node.const !== undefined) return [node.const as string | number];
  if (!node.anyOf) return undefined;
  const all: Array<string | number> = [];
  for (const branch of node.anyOf) {
    const values = choicesOf(branch);
    if (!values) return undefined;
    all.push(...values);
  }
  return all;
}

function yargsType(node: JsonSchemaNode, values: Array<string | number> | undefined): RequestOption['type'] {
  // mixed choices (a level or a name): strings on the command line, the schema coerces
  if (values) return values.every((v) => typeof v === 'number') ? 'number' : 'string';
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  return type === 'integer' || type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : 'string';
}

function reason(error: ErrorObject, node: JsonSchemaNode | undefined, given: unknown): string {
  const shown = typeof given === 'number' && Number.isNaN(given) ? 'not a number' : JSON.stringify(given);
  if (error.keyword === 'required') return 'is required';
  const values = node ? choicesOf(node) : undefined;
  if (values) return `must be one of ${values.join(', ')}, not ${shown}`;
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case 'type':
      return `must be ${(error.params as { type: string }).type === 'integer' ? 'a whole number' : `a ${(error.params as { type: string }).type}`}, not ${shown}`;
    case 'minimum':
      return `must be ≥ ${limit}, not ${shown}`;
    case 'maximum':
      return `must be ≤ ${limit}, not ${shown}`;
    default:
      return `${error.message ?? 'is not allowed'}, not ${shown}`;
  }
}
