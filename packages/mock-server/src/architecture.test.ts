import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));
const files = (readdirSync(src, { recursive: true }) as string[]).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
);
const importsOf = (file: string) =>
  [...readFileSync(join(src, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => {
    const target = m[1]!;
    return target.startsWith('.') ? normalize(join(dirname(file), target)).replace(/\.js$/, '.ts') : target;
  });
const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : '.');

// The transports (msw/, node/, standalone/) sit at the edge: nothing in the core reaches them, and
// only they may load msw or node:http.
const edge = new Set(['msw', 'node', 'standalone']);
// Which folders each folder may import from (the root files are the composition).
const allowed: Record<string, string[]> = {
  core: ['core', 'store'],
  store: ['store', 'core'],
  handlers: ['handlers', 'core', 'store', 'hooks'],
  hooks: ['hooks', 'core', 'store'],
  campaigns: ['campaigns', 'core', 'store'],
  schedule: ['schedule', 'campaigns', 'hooks', 'core', 'store'],
  control: ['control', 'core', 'store', '.'],
  worlds: ['worlds', 'control', 'core', 'store', '.'],
};

describe('the mock package’s architecture', () => {
  it('loads msw only in msw/, and node:http only in node/ and standalone/', () => {
    for (const file of files) {
      const imports = importsOf(file);
      if (folderOf(file) !== 'msw')
        expect(
          imports.filter((i) => i === 'msw' || i.startsWith('msw/')),
          file,
        ).toEqual([]);
      if (!['node', 'standalone'].includes(folderOf(file)))
        expect(
          imports.filter((i) => i === 'node:http'),
          file,
        ).toEqual([]);
    }
  });

  it('has no arrow from the core to a transport, and none upward between folders', () => {
    for (const file of files) {
      const from = folderOf(file);
      if (edge.has(from) || from === '.') continue;
      for (const target of importsOf(file).filter(
        (i) => !i.startsWith('@') && !i.includes(':') && i.endsWith('.ts'),
      )) {
        const to = folderOf(target);
        if (to === '.' && ['version.ts', 'mock-service.ts'].includes(target)) continue;
        expect(allowed[from], `${file} imports ${target}`).toContain(to);
      }
    }
  });

  it('has no import cycles', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f).filter((i) => files.includes(i))]));
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      for (const next of graph.get(node) ?? []) {
        if (path.includes(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else if (path.length < 30) visit(next, [...path, next]);
      }
    };
    for (const file of files) visit(file, [file]);
    expect(cycles).toEqual([]);
  });
});
