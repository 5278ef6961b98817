/**
 * Leak checks for player forms: does any string of a JSON value give a secret away? Pure and
 * kind-agnostic; the kinds decide what their secret is (a Numbridge solution's digits, a Murder
 * case's positions and murderer) and which strings may legitimately name it.
 *
 *   digits     the secret digit string, approximately, in any string's digits taken in order
 *              (separators, spaces and letters dropped): within edit distance ⌊L/8⌋ of some
 *              stretch of them, so "80 of 81 digits", "1,2,3 …" and "r1: 123…" are all caught;
 *              the same for letters a–i read as digits 1–9
 *   encodings  base64 (standard and URL-safe) and hex of the secret string: any string holding
 *              three quarters of one of them in one piece
 *   words      a name or id as a whole word (ids: a token between non-alphanumerics)
 */

/** Every string in a JSON value (object keys too), with its JSON pointer. */
export function stringsOf(value: unknown, pointer = ''): Array<[pointer: string, text: string]> {
  const out: Array<[string, string]> = [];
  const walk = (v: unknown, at: string) => {
    if (typeof v === 'string') out.push([at, v]);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}/${i}`));
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const child = `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        out.push([child, k]);
        walk(x, child);
      }
    }
  };
  walk(value, pointer);
  return out;
}

/** Edits allowed when looking for a secret digit string of length L. */
export const toleranceFor = (length: number): number => Math.floor(length / 8);

/**
 * The smallest edit distance between `secret` and any stretch of `text` (Sellers' algorithm:
 * approximate substring matching, O(|secret|·|text|)).
 */
export function nearestStretch(secret: string, text: string): number {
  const m = secret.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = prev[m]!;
  for (let j = 1; j <= text.length; j++) {
    cur[0] = 0; // a stretch may start anywhere
    const t = text[j - 1];
    for (let i = 1; i <= m; i++) {
      const sub = prev[i - 1]! + (secret[i - 1] === t ? 0 : 1);
      cur[i] = Math.min(sub, prev[i]! + 1, cur[i - 1]! + 1);
    }
    if (cur[m]! < best) best = cur[m]!;
    [prev, cur] = [cur, prev];
  }
  return best;
}

/** The digits of a text in order, and its letters a–i read as 1–9 (a common other spelling). */
function digitReadings(text: string): string[] {
  const digits = text.replace(/[^0-9]/g, '');
  const letters = text.toLowerCase().replace(/[^a-i]/g, '').replace(/[a-i]/g, (ch) => String(ch.charCodeAt(0) - 96));
  return [digits, letters];
}

/**
 * Why `text` reveals the digit string `secret` (approximately, any separators, or encoded), or
 * null. `secret` should be long enough to be unlikely by chance (≥ 12 digits).
 */
export function digitLeak(text: string, secret: string): string | null {
  const { tolerance, encodings, shortest } = encodingsOf(secret);
  // Every reading is at most as long as the text (characters are dropped or become one digit),
  // and every encoded piece needs as many characters of it (lowercasing makes no hex digit out of
  // two), so a shorter text reveals nothing: most strings of a file (ids, keys, names) are.
  if (text.length < shortest) return null;
  for (const reading of digitReadings(text)) {
    if (reading.length < secret.length - tolerance) continue;
    const distance = nearestStretch(secret, reading);
    if (distance <= tolerance) return distance === 0 ? `all ${secret.length} digits in order` : `${secret.length} digits in order with ${distance} ${distance === 1 ? 'change' : 'changes'}`;
  }
  for (const [name, encoded, anyCase] of encodings) {
    const hay = anyCase ? text.toLowerCase() : text;
    const piece = Math.ceil(encoded.length * 0.75);
    for (let i = 0; i + piece <= encoded.length; i++) if (hay.includes(encoded.slice(i, i + piece))) return `${name} of the digits`;
  }
  return null;
}

interface SecretEncodings {
  tolerance: number;
  encodings: Array<[name: string, encoded: string, anyCase: boolean]>;
  /** The fewest characters a text needs to reveal the secret in any of the ways looked for. */
  shortest: number;
}

/** A file's strings are checked against the same one or two secrets in turn: keep the last few's encodings. */
const recentEncodings = new Map<string, SecretEncodings>();

function encodingsOf(secret: string): SecretEncodings {
  const known = recentEncodings.get(secret);
  if (known) return known;
  const tolerance = toleranceFor(secret.length);
  // The secret is ASCII digits, so btoa and char codes are its bytes' encodings (no Buffer: core stays runtime-neutral).
  const base64 = btoa(secret).replace(/=+$/, '');
  const encodings: SecretEncodings['encodings'] = [
    ['base64', base64, false],
    ['base64url', base64.replace(/\+/g, '-').replace(/\//g, '_'), false],
    ['hex', Array.from(secret, (ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join(''), true],
  ];
  const shortest = Math.min(secret.length - tolerance, ...encodings.map(([, encoded]) => Math.ceil(encoded.length * 0.75)));
  const made = { tolerance, encodings, shortest };
  if (recentEncodings.size >= 8) recentEncodings.clear();
  recentEncodings.set(secret, made);
  return made;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `word` as a whole word of `text` (letters and digits around it end it), case as written. */
export function hasWord(text: string, word: string): boolean {
  if (word.length === 0) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}
