/**
 * Ids of generated files: a readable prefix and 16 hex digits of a SHA-256 of what defines the
 * file. The same content always gets the same id, and an id reveals nothing it hashes — in
 * particular not a deal's seed, from which its secret (pile, bag, solution) could be rebuilt.
 */
import { createHash } from 'node:crypto';

/** `PREFIX-` + 16 hex digits of SHA-256 of `text`. */
export function contentId(prefix: string, text: string): string {
  return `${prefix}-` + createHash('sha256').update(text).digest('hex').slice(0, 16);
}
