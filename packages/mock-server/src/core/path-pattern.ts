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
