/**
 * Every public entry of every package, declared once: the export subpath, the source it is built
 * from, and so the file tsup writes. tsup configs and the vitest aliases read this list; a test
 * (`package-entries.test.ts`) holds each package.json `exports` and the tsconfig `paths`, which
 * JSON cannot compute, to it.
 */
export const packageEntries = {
  '@marketing/domain': {
    dir: 'packages/domain',
    entries: { index: 'src/index.ts', routes: 'src/routes.ts' },
  },
  '@marketing/sdk': {
    dir: 'packages/sdk',
    entries: { index: 'src/index.ts', validation: 'src/validation.ts', webhooks: 'src/webhooks.ts' },
  },
  '@marketing/mock-server': {
    dir: 'packages/mock-server',
    entries: {
      index: 'src/index.ts',
      node: 'src/node/index.ts',
      msw: 'src/msw/index.ts',
      demo: 'src/standalone/demo-world.ts',
    },
  },
} as const satisfies Record<string, { dir: string; entries: Record<string, string> }>;

/** The import specifier of an entry: the package for `index`, else `package/name`. */
export const specifierOf = (packageName: string, entry: string) =>
  entry === 'index' ? packageName : `${packageName}/${entry}`;

/** Every entry's specifier with its source path from the repository root. */
export function entrySources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const [name, { dir, entries }] of Object.entries(packageEntries))
    for (const [entry, source] of Object.entries(entries))
      sources[specifierOf(name, entry)] = `${dir}/${source}`;
  return sources;
}
