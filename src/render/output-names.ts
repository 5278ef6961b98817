/**
 * Deterministic file names for what render, export and import write into `--out DIR`: the file's id
 * made safe for every file system, then (pictures) the language and `.solution` when the solution
 * is drawn, then the extension. The same input gives the same names; two inputs with the same id in
 * one run get `-2`, `-3`, … in input order.
 *
 *   nb9r-e64d587bfd6be038.en.svg      murder-6-07956bd774fd128c.de.solution.png
 *   dmr-4f1c….turn-12.en.svg          (render --turn 12 of a game record)
 */
export function safeStem(id: string): string {
  const stem = id.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 120);
  return stem === '' ? 'picture' : stem;
}

/**
 * The stem of a picture's file name: id, `.turn-N` for a game record drawn after N turns (so the
 * pictures of several turns of one game can share a folder), language, `.solution` when the
 * solution is drawn.
 */
export function pictureStem(id: string, lang: string, solution: boolean, turn?: number): string {
  return `${safeStem(id)}${turn === undefined ? '' : `.turn-${turn}`}.${lang}${solution ? '.solution' : ''}`;
}

/** Names for the files of one run (pictures, exports, imports): never the same name twice. */
export class OutputNames {
  private readonly used = new Set<string>();

  /** `stem.ext`, or `stem-2.ext`, `stem-3.ext`, … when the run has used it already. */
  next(stem: string, ext: string): string {
    let name = `${stem}.${ext}`;
    for (let k = 2; this.used.has(name); k++) name = `${stem}-${k}.${ext}`;
    this.used.add(name);
    return name;
  }
}
