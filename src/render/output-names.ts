/**
 * Deterministic file names for pictures: the file's id made safe for every file system, the
 * language, `.solution` when the solution is drawn, the extension. The same input gives the same
 * names; two inputs with the same id in one run get `-2`, `-3`, … in input order.
 *
 *   nb9r-e64d587bfd6be038.en.svg      murder-6-07956bd774fd128c.de.solution.png
 */
export function safeStem(id: string): string {
  const stem = id.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 120);
  return stem === '' ? 'picture' : stem;
}

export class PictureNames {
  private readonly used = new Set<string>();

  /** The next free name for this picture. */
  name(id: string, lang: string, solution: boolean, ext: string): string {
    const base = `${safeStem(id)}.${lang}${solution ? '.solution' : ''}`;
    let name = `${base}.${ext}`;
    for (let k = 2; this.used.has(name); k++) name = `${base}-${k}.${ext}`;
    this.used.add(name);
    return name;
  }
}
