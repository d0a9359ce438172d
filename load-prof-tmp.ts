import { createMockService } from './packages/mock-server/dist/index.js';
import { loadStateFile, saveStateFile } from './packages/mock-server/src/standalone/state-file.ts';
import { existsSync } from 'node:fs';
const N = Number(process.env.N ?? 1_000_000);
const path = `/tmp/state-${N}.json`;
if (!existsSync(path)) {
  const cell = (i: number) => `2782${String(i).padStart(7, '0')}`;
  const tags = Array.from({ length: 50 }, (_, i) => ({ tag_id: `t${i}`, org_id: 'o' }));
  const contacts = Array.from({ length: N }, (_, i) => ({ org_id: 'o', cell: cell(i), firstname: `First${i}`, lastname: `Last${i}`,
    tag_ids: [i % 100 === 0 ? 't0' : `t${2 + (i % 48)}`, i % 10 === 0 ? 't1' : `t${2 + ((i + 7) % 48)}`, `t${2 + ((i + 13) % 48)}`],
    updatedAt: new Date(Date.UTC(2026, 10, 1) + (i % 20) * 86_400_000).toISOString() }));
  const mock = createMockService({ seed: { orgs: [{ _id: 'o', credits: 1e12 }], api_keys: [{ key: 'k', org_id: 'o' }], tags, contacts }, rateLimit: false, now: '2026-11-22T00:00:00Z' });
  saveStateFile(path, { world: mock.state() });
  console.log('saved');
} else {
  let t = performance.now();
  const saved = loadStateFile(path)!;
  const t1 = performance.now();
  const loaded = createMockService({ seed: saved.world, seedIsTrusted: saved.trusted });
  const t2 = performance.now();
  console.log('read+parse+hash', (t1 - t).toFixed(0), 'seed', (t2 - t1).toFixed(0), saved.trusted, loaded.findContacts({ limit: 1 }).length);
}
