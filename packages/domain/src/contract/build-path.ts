/**
 * Fills an endpoint path's `:name` parameters, percent-encoding each value. A missing
 * parameter throws, so a request never goes to a half-built path.
 *
 * @example
 * ```ts
 * buildPath('/contacts/:cell/tag/add', { cell: '27821234567' }); // '/contacts/27821234567/tag/add'
 * buildPath('/tags/:tag_id', { tag_id: 'a/b' });                  // '/tags/a%2Fb'
 * ```
 */
export function buildPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
