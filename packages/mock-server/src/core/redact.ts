/** The header that carries the control token (`--control-token`, `controlToken`). */
export const CONTROL_TOKEN_HEADER = 'x-mock-token';

// A secret shorter than this shows none of its characters: the last four of `ab` or `k_a1b2`
// were the whole key or most of it.
const TAIL_SHOWN_FROM_CHARS = 10;

/**
 * A secret as logs and the journal show it: its last four characters only (`…c0de`), enough to
 * tell two keys apart without giving either away; a secret of fewer than 10 characters, nothing
 * of it (`…`).
 *
 * @example
 * ```ts
 * redactSecret('demo_seller_admin'); // '…dmin'
 * redactSecret('ab'); // '…'
 * ```
 */
export function redactSecret(secret: string): string {
  return secret.length >= TAIL_SHOWN_FROM_CHARS ? `…${secret.slice(-4)}` : '…';
}

const decodeName = (name: string) => {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
};

/**
 * A request target (path and query) with the value of its `key` parameter (the API key a
 * postback URL carries) redacted like an `Authorization` header, however the name is encoded.
 *
 * @example
 * ```ts
 * redactQueryKey('/compliance/postback?key=demo_seller_admin&x=1'); // '/compliance/postback?key=…dmin&x=1'
 * ```
 */
export function redactQueryKey(target: string): string {
  const query = target.indexOf('?');
  if (query < 0) return target;
  const parts = target.slice(query + 1).split('&');
  for (let n = 0; n < parts.length; n++) {
    const part = parts[n]!;
    const equals = part.indexOf('=');
    if (equals >= 0 && decodeName(part.slice(0, equals)) === 'key')
      parts[n] = `${part.slice(0, equals)}=${redactSecret(decodeName(part.slice(equals + 1)))}`;
  }
  return `${target.slice(0, query)}?${parts.join('&')}`;
}
