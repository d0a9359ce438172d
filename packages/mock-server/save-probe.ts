import { worldOf } from './src/core/world-access.js';
import { createMockService } from './src/index.js';
import { loadStateFile, writeStateFile } from './src/standalone/state-file.js';
import { snapshotOf } from './src/standalone/world-snapshot.js';

const N = Number(process.env.N ?? 1_000_000);
const cell = (i: number) => `2782${String(i).padStart(7, '0')}`;
const tags = Array.from({ length: 50 }, (_, i) => ({ tag_id: `t${i}`, org_id: 'o' }));
const mock = createMockService({
  seed: { orgs: [{ _id: 'o', credits: 1e12 }], api_keys: [{ key: 'k', org_id: 'o' }], tags },
  rateLimit: false,
  now: '2026-11-22T00:00:00Z',
});
mock.seed({
  contacts: Array.from({ length: N }, (_, i) => ({
    org_id: 'o',
    cell: cell(i),
    firstname: `First${i}`,
    lastname: `Last${i}`,
    tag_ids: [
      i % 100 === 0 ? 't0' : `t${2 + (i % 48)}`,
      i % 10 === 0 ? 't1' : `t${2 + ((i + 7) % 48)}`,
      `t${2 + ((i + 13) % 48)}`,
    ],
    updatedAt: new Date(Date.UTC(2026, 10, 1) + (i % 20) * 86_400_000).toISOString(),
  })),
});
for (let round = 0; round < 1; round++) {
  let maxGap = 0;
  let last = performance.now();
  let on = true;
  const tick = () => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  const t = performance.now();
  const t0 = performance.now();
  const snap = snapshotOf(worldOf(mock)!);
  const snapMs = performance.now() - t0;
  await writeStateFile('/tmp/nodework/big.json', snap, { now: '2026-11-22T00:00:00.000Z', fixed: true });
  on = false;
  console.log(
    'save',
    (performance.now() - t).toFixed(0),
    'ms; snapshot',
    snapMs.toFixed(1),
    'ms; max event-loop gap',
    maxGap.toFixed(1),
    'ms',
  );
}
