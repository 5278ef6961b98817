/**
 * The kinds puzzlemill knows. Adding a kind is its adapter module and one line in BUILT_IN.
 *
 * Extra kinds can be loaded from modules (each calls `registerKind` when imported): the pipeline
 * passes their URLs to every worker, so a kind defined outside src/ (the tests' toy kind, a
 * club's own puzzle) runs in the pool exactly like a built-in one (kind-modules.ts loads them;
 * this file imports nothing from Node, so the browser entry can hold the registry).
 */
import type { AnyFormat, AnyKind } from './kind.ts';
import { murderKind } from './murder.ts';
import { numbridgeKind } from './numbridge.ts';

const BUILT_IN: AnyKind[] = [numbridgeKind, murderKind];

const byName = new Map<string, AnyKind>();
const byFormat = new Map<string, AnyFormat>();
for (const kind of BUILT_IN) registerKind(kind);

/** Make a generating kind known (idempotent for the same object; another under a taken name throws). */
export function registerKind(kind: AnyKind): void {
  const existing = byName.get(kind.name);
  if (existing === kind) return;
  if (existing) throw new RangeError(`a puzzle kind named "${kind.name}" is already registered`);
  byName.set(kind.name, kind);
  byFormat.set(kind.format, kind);
}

/** The kind of that name; throws a RangeError naming the known kinds. */
export function kindNamed(name: string): AnyKind {
  const kind = byName.get(name);
  if (!kind) throw new RangeError(`unknown puzzle kind "${name}" (known: ${kindNames().join(', ') || 'none'})`);
  return kind;
}

/** The kind whose files carry this `format`, or undefined. */
export function kindForFormat(format: string): AnyFormat | undefined {
  return byFormat.get(format);
}

/** Every readable format. */
export function allFormats(): AnyFormat[] {
  return [...byFormat.values()];
}

export function kindNames(): string[] {
  return [...byName.keys()];
}

export function allKinds(): AnyKind[] {
  return [...byName.values()];
}
