// The characters that shape a JSON text, as the char codes (of a string) and bytes (of UTF-8)
// that the parsers in pieces look for: both are ASCII, so a code and a byte are the same number.
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_LIST = 0x5b;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_LIST = 0x5d;
export const CLOSE_OBJECT = 0x7d;

/** Whether a char code or byte is JSON's white space (space, line feed, carriage return, tab). */
export const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
