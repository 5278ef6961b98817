import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { SCHEMAS, schemaPath, schemaText } from '../../src/schemas.ts';

describe('schemas/', () => {
  test.each(SCHEMAS.map((s) => [s.file, s.schema] as const))('%s is generated from its source and compiles in strict mode', (file, schema) => {
    const text = readFileSync(schemaPath(file), 'utf8');
    expect(text, 'run npm run schemas').toBe(schemaText(schema));
    const parsed = JSON.parse(text);
    expect(parsed.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(parsed.$id).toMatch(/\.schema\.json$/);
    expect(() => new Ajv2020({ strict: true, allowUnionTypes: true }).compile(parsed)).not.toThrow();
  });
});
