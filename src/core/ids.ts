/**
 * Ids of generated files: a readable prefix and 16 hex digits of a SHA-256 of what defines the
 * file. The same content always gets the same id, and an id reveals nothing it hashes — in
 * particular not a deal's seed, from which its secret (pile, bag, solution) could be rebuilt.
 */
import { sha256Hex } from './sha256.ts';

/** `PREFIX-` + 16 hex digits of SHA-256 of `text`. */
export function contentId(prefix: string, text: string): string {
  return `${prefix}-` + sha256Hex(text).slice(0, 16);
}
