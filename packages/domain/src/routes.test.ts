import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints } from './contract/index.js';
import { routes } from './routes.js';

/** Every module the file imports, followed through relative imports. */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(/^(?:import|export)[^'"]*from '([^']+)';/gm)) {
    if (spec!.startsWith('.')) importGraph(join(dirname(file), spec!.replace(/\.js$/, '.ts')), seen);
    else seen.add(spec!);
  }
  return seen;
}

describe('the routes entry', () => {
  it('imports no schema, phone or date library, so clients can use it without them', () => {
    const graph = [...importGraph(fileURLToPath(new URL('./routes.ts', import.meta.url)))];
    expect(graph.filter((m) => !m.startsWith('/'))).toEqual([]);
  });

  it('lists exactly the contract’s endpoints with the same facts', () => {
    const listed = Object.values(routes).flatMap((group) => Object.values(group));
    expect(listed.map((r) => r.id).sort()).toEqual(endpoints.map((e) => e.id).sort());
    for (const endpoint of endpoints) {
      const route = listed.find((r) => r.id === endpoint.id)!;
      expect({ ...route }).toEqual({
        id: endpoint.id,
        method: endpoint.method,
        path: endpoint.path,
        permission: endpoint.permission,
        auth: endpoint.auth,
        retrySafe: endpoint.retrySafe,
      });
    }
  });
});
