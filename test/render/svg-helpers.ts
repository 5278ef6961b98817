/** Reading our own SVG in tests: elements by class, text contents, well-formedness. */

/** Elements whose class list contains `name`. */
export function countClass(svg: string, name: string): number {
  const re = new RegExp(`class="(?:[^"]* )?${name}(?: [^"]*)?"`, 'g');
  return (svg.match(re) ?? []).length;
}

/** The text contents of `<text>` elements with this class, in document order (entities decoded). */
export function textsOfClass(svg: string, name: string): string[] {
  const re = new RegExp(`<text[^>]*class="(?:[^"]* )?${name}(?: [^"]*)?"[^>]*>([^<]*)</text>`, 'g');
  return [...svg.matchAll(re)].map((m) => decode(m[1]!));
}

/** Every `<text>` content. */
export function allTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => decode(m[1]!));
}

export function decode(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/**
 * A small well-formedness check: tags balance, attribute values are quoted, no raw '<' or '&'
 * outside markup and entities. (resvg parses strictly too; the PNG tests cover that path.)
 */
export function wellFormed(svg: string): boolean {
  const stack: string[] = [];
  const re = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|&(?:amp|lt|gt|quot|#39);|[<&]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(svg))) {
    if (m[0] === '<' || m[0] === '&') return false;
    if (!m[2]) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) {
      stack.push(m[2]);
    }
  }
  return stack.length === 0;
}
