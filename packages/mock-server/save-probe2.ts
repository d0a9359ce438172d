import { worldOf } from './src/core/world-access.js';
import { createMockService } from './src/index.js';
import { worldText } from './src/standalone/state-text.js';
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
const snap = snapshotOf(worldOf(mock)!);
let t = performance.now();
let last = '';
let bytes = 0;
let maxPiece = 0;
let pt = performance.now();
const phases: string[] = [];
for (const piece of worldText(snap)) {
  const now = performance.now();
  maxPiece = Math.max(maxPiece, now - pt);
  if (/^,?"\w+":$/.test(piece)) {
    phases.push(`${last} ${(now - t).toFixed(0)}ms`);
    last = piece;
    t = now;
  }
  bytes += piece.length;
  pt = performance.now();
}
phases.push(`${last} ${(performance.now() - t).toFixed(0)}ms`);
console.log(phases.join('\n'), '\nbytes', bytes, 'max piece', maxPiece.toFixed(1));
