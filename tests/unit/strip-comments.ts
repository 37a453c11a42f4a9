// Shared by the source-scanning tests (architecture, game boundary).

/**
 * Blanks out comments (keeping newlines, so line numbers stay right). Strings, template literals and
 * regular-expression literals are skipped over, so a "//" inside them does not start a comment.
 */
export function stripComments(src: string): string {
  let out = '';
  let k = 0;
  let prev = ''; // last significant character of code, to tell a regex literal from a division
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  while (k < src.length) {
    const c = src[k]!,
      n = src[k + 1];
    if (c === '/' && n === '/') {
      const end = src.indexOf('\n', k);
      const stop = end < 0 ? src.length : end;
      out += blank(src.slice(k, stop));
      k = stop;
    } else if (c === '/' && n === '*') {
      const end = src.indexOf('*/', k + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += blank(src.slice(k, stop));
      k = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = k + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      out += src.slice(k, j + 1);
      k = j + 1;
      prev = c;
    } else if (
      c === '/' &&
      (prev === '' || '(,=:[!&|?{};+-*%<>~^'.includes(prev) || /\b(return|typeof|case|of|in)\s*$/.test(out))
    ) {
      let j = k + 1,
        inClass = false;
      while (j < src.length && src[j] !== '\n' && (inClass || src[j] !== '/')) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        j++;
      }
      out += src.slice(k, j + 1);
      k = j + 1;
      prev = '/';
    } else {
      out += c;
      if (!/\s/.test(c)) prev = c;
      k++;
    }
  }
  return out;
}
