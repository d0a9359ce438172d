import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entrySources, packageEntries, specifierOf } from './package-entries.js';

const json = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

describe('package entries, declared once in package-entries.ts', () => {
  it.each(Object.entries(packageEntries))(
    '%s exports exactly its declared entries, built by tsup, with types for every resolution',
    (_, { dir, entries }) => {
      const exports = json(`./${dir}/package.json`).exports as Record<string, unknown>;
      const expected = Object.fromEntries(
        Object.keys(entries).map((entry) => [
          entry === 'index' ? '.' : `./${entry}`,
          {
            import: { types: `./dist/${entry}.d.ts`, default: `./dist/${entry}.js` },
            require: { types: `./dist/${entry}.d.cts`, default: `./dist/${entry}.cjs` },
          },
        ]),
      );
      const { './package.json': _packageJson, ...entryExports } = exports;
      expect(entryExports).toEqual(expected);
      // TypeScript's older resolution (node10) ignores `exports`: it finds subpaths' types here.
      const subpaths = Object.keys(entries).filter((entry) => entry !== 'index');
      expect(json(`./${dir}/package.json`).typesVersions).toEqual({
        '*': Object.fromEntries(subpaths.map((entry) => [entry, [`./dist/${entry}.d.cts`]])),
      });
    },
  );

  it('gives the type checker the same sources as the tests', () => {
    const paths = json('./tsconfig.base.json').compilerOptions.paths as Record<string, string[]>;
    expect(paths).toEqual(
      Object.fromEntries(
        Object.entries(entrySources()).map(([specifier, path]) => [specifier, [`./${path}`]]),
      ),
    );
  });

  it('names the package itself for its index entry and a subpath for the others', () => {
    expect(specifierOf('@marketing/sdk', 'index')).toBe('@marketing/sdk');
    expect(specifierOf('@marketing/sdk', 'webhooks')).toBe('@marketing/sdk/webhooks');
  });
});
