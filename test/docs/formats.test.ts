/**
 * Keeps docs/FORMATS.md honest against the generated JSON Schemas: every format in schemas/ has a
 * section there (a heading naming it in backticks), and that section names every top-level field
 * of the schema's `public` and `secret` (for a schema without them, its own top-level fields).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const schemaDir = join(root, 'schemas');

interface JsonSchema {
  $id?: string;
  properties?: Record<string, JsonSchema & { const?: unknown }>;
}

interface DocumentedSchema {
  file: string;
  /** What the doc's section heading must name: the `format` constant, else the schema's name. */
  key: string;
  fields: string[];
}

function schemaNameOf(file: string): string {
  return file.replace(/\.schema\.json$/, '');
}

/** What a schema obliges the doc to name. */
function documentedSchema(file: string, schema: JsonSchema): DocumentedSchema {
  const properties = schema.properties ?? {};
  const format = properties.format?.const;
  const key = typeof format === 'string' ? format : schemaNameOf(file);
  const parts = ['public', 'secret'].filter((part) => properties[part]);
  const fields =
    parts.length > 0
      ? parts.flatMap((part) => Object.keys(properties[part]!.properties ?? {}).map((name) => `${part}.${name}`))
      : Object.keys(properties);
  return { file, key, fields };
}

function loadSchemas(): DocumentedSchema[] {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((f) => documentedSchema(f, JSON.parse(readFileSync(join(schemaDir, f), 'utf8')) as JsonSchema));
}

/** The section whose heading names `key` in backticks: its text down to the next heading of its level or above. */
function sectionFor(doc: string, key: string): string | null {
  const lines = doc.split('\n');
  let inFence = false;
  const headings: Array<{ line: number; level: number; text: string }> = [];
  lines.forEach((line, i) => {
    if (line.startsWith('```')) inFence = !inFence;
    const m = !inFence && /^(#{1,6}) (.*)$/.exec(line);
    if (m) headings.push({ line: i, level: m[1]!.length, text: m[2]! });
  });
  const at = headings.findIndex((h) => h.text.includes('`' + key + '`'));
  if (at < 0) return null;
  const start = headings[at]!;
  const next = headings.slice(at + 1).find((h) => h.level <= start.level);
  return lines.slice(start.line, next ? next.line : lines.length).join('\n');
}

/** A field counts as documented when a backticked span in its section names it as a whole word. */
function names(section: string, field: string): boolean {
  const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp('`[^`\\n]*(?<![A-Za-z0-9_-])' + escaped + '(?![A-Za-z0-9_-])[^`\\n]*`').test(section);
}

/** Every schema without a section, and every field its section leaves out, one line each. */
function missingFromDoc(doc: string, schemas: DocumentedSchema[]): string[] {
  const missing: string[] = [];
  for (const schema of schemas) {
    const section = sectionFor(doc, schema.key);
    if (section === null) {
      missing.push(`${schema.file}: no section with \`${schema.key}\` in its heading`);
      continue;
    }
    for (const field of schema.fields) {
      const name = field.slice(field.indexOf('.') + 1);
      if (!names(section, name)) missing.push(`${schema.file}: section \`${schema.key}\` does not name ${field}`);
    }
  }
  return missing;
}

describe('docs/FORMATS.md', () => {
  const doc = readFileSync(join(root, 'docs', 'FORMATS.md'), 'utf8');
  const schemas = loadSchemas();

  test('reads every generated schema, with the fields its public and secret parts have', () => {
    expect(schemas.length).toBeGreaterThanOrEqual(17);
    const board = schemas.find((s) => s.key === 'puzzlemill/numbridge-board')!;
    expect(board.fields).toContain('public.givens');
    expect(board.fields).toContain('secret.proof');
    const view = schemas.find((s) => s.key === 'numbridge-view')!;
    expect(view.fields).toContain('marks');
  });

  test('has a section for every format in schemas/ naming every public and secret field', () => {
    expect(missingFromDoc(doc, schemas)).toEqual([]);
  });

  test('the check fails, naming what is missing, for a doc without a field or a section', () => {
    const withoutSymmetry = doc.replace(/symmetry/g, 'pattern');
    expect(missingFromDoc(withoutSymmetry, schemas)).toContain('numbridge-board.schema.json: section `puzzlemill/numbridge-board` does not name public.symmetry');
    const withoutView = doc.replace(/^### `numbridge-view`$/m, '### the player view');
    expect(missingFromDoc(withoutView, schemas)).toContain('numbridge-view.schema.json: no section with `numbridge-view` in its heading');
  });

  test('names a field only as a whole word inside backticks', () => {
    expect(names('a `{ seed, id }` b', 'seed')).toBe(true);
    expect(names('a `seeds` b', 'seed')).toBe(false);
    expect(names('the seed', 'seed')).toBe(false);
    expect(names('`fingerprints.ndjson`', 'fingerprint')).toBe(false);
    expect(names('`sub-id`', 'id')).toBe(false);
  });
});
