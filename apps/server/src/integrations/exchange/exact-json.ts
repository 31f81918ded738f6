/**
 * JSON.parse that keeps integers too large for a double exact: BingX sends UIDs and ids as JSON
 * numbers (Java longs). Integer literals of 16 or more digits outside strings become strings.
 */
export function parseJsonExact(text: string): unknown {
  let out = '';
  let inString = false;
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += text.charAt(i + 1);
        i += 2;
        continue;
      }
      if (ch === '"') inString = false;
      i += 1;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      i += 1;
      continue;
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
      const literal = match?.[0] ?? ch;
      const isLongInteger = !match?.[1] && !match?.[2] && literal.replace('-', '').length >= 16;
      out += isLongInteger ? `"${literal}"` : literal;
      i += literal.length;
      continue;
    }
    out += ch;
    i += 1;
  }
  return JSON.parse(out);
}
