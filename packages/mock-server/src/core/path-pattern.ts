import { ControlError } from './control-error.js';

/**
 * Matches a path against an exact path or a pattern with `:name` segments (`/contacts/:cell`),
 * answering the named segments as they appear (not decoded), or `undefined` when it does not match.
 *
 * @example
 * ```ts
 * matchPathPattern('/__mock/faults/:id', '/__mock/faults/flt_1'); // { id: 'flt_1' }
 * ```
 */
export function matchPathPattern(pattern: string, path: string): Record<string, string> | undefined {
  if (!pattern.includes(':')) return pattern === path ? {} : undefined;
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = got[i]!;
    else if (segment !== got[i]) return undefined;
  }
  return params;
}

/** Whether a path matches an exact path or a `:name` pattern. */
export function pathMatches(pattern: string, path: string): boolean {
  return matchPathPattern(pattern, path) !== undefined;
}

/**
 * A path segment decoded (`Sipho%20exists` is `Sipho exists`); a `ControlError` (400) naming the
 * path when its percent-escape is malformed (`%`, `%ZZ`), which `decodeURIComponent` throws on.
 *
 * @example
 * ```ts
 * decodedSegment('a%20b', '/__mock/pact/states/a%20b'); // 'a b'
 * ```
 */
export function decodedSegment(segment: string, path: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ControlError(400, `The path ${path} has a malformed percent-escape: write % as %25`);
  }
}
