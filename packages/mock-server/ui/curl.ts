/** What `curlOf` reads of a journal entry. */
export interface CurlEntry {
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  body?: unknown;
  /** The journal kept only the start of the body: the command reads it from a file instead. */
  body_truncated?: boolean;
}

/** The file a command for a cut-off body reads the whole body from. */
export const BODY_FILE = 'request-body.json';

// Headers curl sets itself, or that would be wrong to repeat (the key is left to $API_KEY).
const LEFT_OUT = new Set([
  'authorization',
  'host',
  'content-length',
  'connection',
  'accept-encoding',
  'transfer-encoding',
  'user-agent',
  'accept-language',
]);
// Headers a browser or Node's fetch adds on its own: repeating them only adds noise.
const isNoise = (name: string, value: string) =>
  name.startsWith('sec-fetch-') || (name === 'accept' && value === '*/*');

/**
 * Quotes a word for a POSIX shell: inside single quotes nothing is special (`$()`, backticks,
 * `$USER`, new lines), and a single quote is closed, escaped and reopened.
 *
 * @example
 * ```ts
 * shellQuote("it's $HOME"); // 'it'\''s $HOME'
 * ```
 */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * A curl command that repeats a journaled request against `base`, every part quoted for a POSIX
 * shell, so pasting it runs curl and nothing else, and sends that one request (`-g`: no globbing
 * of `[]` and `{}` in the URL). The API key (the `authorization` header and a
 * `key` query parameter) is left to `$API_KEY`, the one thing the shell expands. A body the
 * journal kept only the start of (`body_truncated`) is read from `request-body.json`.
 *
 * @example
 * ```ts
 * curlOf({ method: 'GET', path: '/tags', headers: { authorization: 'Bearer …dmin' } }, 'http://127.0.0.1:4010');
 * // curl -s -g -X 'GET' 'http://127.0.0.1:4010/tags' \
 * //   -H "Authorization: Bearer $API_KEY"
 * ```
 */
export function curlOf(entry: CurlEntry, base: string): string {
  const query = new URLSearchParams();
  let hasKey = false;
  for (const [name, value] of Object.entries(entry.query ?? {}))
    for (const v of Array.isArray(value) ? value : [value]) {
      if (name === 'key') hasKey = true;
      else query.append(name, String(v));
    }
  const search = query.toString();
  let url = shellQuote(`${base}${entry.path}${search ? `?${search}` : ''}`);
  if (hasKey) url += `${shellQuote(`${search ? '&' : '?'}key=`)}"$API_KEY"`;
  // -g: curl would read [1-9] and {a,b} in a path as many URLs, and send a request for each.
  const parts = [`curl -s -g -X ${shellQuote(entry.method)} ${url}`];
  const headers = entry.headers ?? {};
  if (headers.authorization) parts.push(`-H "Authorization: Bearer $API_KEY"`);
  for (const [name, value] of Object.entries(headers))
    if (!LEFT_OUT.has(name) && !isNoise(name, value)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (entry.body !== undefined) {
    if (headers['content-type'] === undefined)
      parts.push(`-H ${shellQuote('content-type: application/json')}`);
    // A body the journal cut would be sent cut (broken JSON, a 400 where the call had a 200).
    if (entry.body_truncated) parts.push(`--data-binary ${shellQuote(`@${BODY_FILE}`)}`);
    else {
      const text = typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body);
      parts.push(`--data-raw ${shellQuote(text)}`);
    }
  }
  return parts.join(' \\\n  ');
}
