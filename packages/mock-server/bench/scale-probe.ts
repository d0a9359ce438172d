// Seeds N contacts (default 1,000,000) and times indexed tag searches against a linear scan of the same data.
import { evaluateContactSearch, parseContactSearch } from '@marketing/domain';
import { createMockService } from '../src/index.js';

const n = Number(process.argv[2] ?? 1_000_000);
const tags = Array.from({ length: 50 }, (_, i) => ({ tag_id: `t${i}`, org_id: 'o' }));
const t0 = performance.now();
const contacts = Array.from({ length: n }, (_, i) => ({
  org_id: 'o',
  cell: `2782${String(i).padStart(7, '0')}`,
  firstname: `F${i}`,
  lastname: `L${i}`,
  // t0 is rare (1%), the rest spread.
  tag_ids:
    i % 100 === 0
      ? ['t0', `t${1 + (i % 49)}`, `t${1 + ((i + 7) % 49)}`]
      : [`t${1 + (i % 49)}`, `t${1 + ((i + 7) % 49)}`, `t${1 + ((i + 13) % 49)}`],
}));
const mock = createMockService({
  seed: { orgs: [{ _id: 'o', credits: 1e9 }], api_keys: [{ key: 'k', org_id: 'o' }], tags },
  rateLimit: false,
  billing: false,
  now: '2026-11-22T00:00:00Z',
});
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const t1 = performance.now();
mock.seed({ contacts });
const t2 = performance.now();
global.gc?.();
const heapAfter = process.memoryUsage().heapUsed;
console.log(
  `built input ${(t1 - t0).toFixed(0)} ms; seeded ${n} in ${(t2 - t1).toFixed(0)} ms; heap +${((heapAfter - heapBefore) / n).toFixed(0)} B/contact; rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
);

const body = {
  find: { tag_ids: { $in: ['t0'] }, updatedAt: { $gte: '2026-11-01T00:00:00Z' } },
  projection: { cell: 1 },
  options: { limit: 100 },
};
const request = new Request(`${mock.baseUrl}/contacts/search`, {
  method: 'POST',
  headers: { authorization: 'Bearer k' },
  body: JSON.stringify(body),
});
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  const s = performance.now();
  const res = await mock.handle(request.clone());
  await res.json();
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
console.log(
  `indexed tag search via handle(): p50 ${times[100]!.toFixed(3)} ms, p99 ${times[198]!.toFixed(3)} ms`,
);
const all = [...mock.state().contacts] as never[];
const parsed = parseContactSearch(body);
const s = performance.now();
evaluateContactSearch(all, parsed);
console.log(`linear scan of the same data: ${(performance.now() - s).toFixed(1)} ms`);
