/**
 * How many bytes `text` takes in UTF-8, as a server sends it, without encoding it: a lone
 * surrogate counts as the three bytes of the U+FFFD that replaces it.
 *
 * @example
 * ```ts
 * utf8Length('R5 €'); // 6
 * ```
 */
export function utf8Length(text: string): number {
  // Most exports are ASCII: one search of the text, not a look at every character.
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code < 0xdc00 && isLowSurrogate(text.charCodeAt(i + 1))) {
      // A pair is two characters and four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

const NON_ASCII = /[^\0-\x7f]/;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code < 0xe000;
