// Worlds on one server (pnpm bench rows): how long a world takes to make from a 1,000-contact seed,
// and what a hundred such worlds hold in memory.
import { createMockService, createWorldRouter, type SeedDocument } from '@marketing/mock-server';

const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** A seed of one organisation, a key, 10 tags and `contacts` contacts with names and a tag each. */
export function worldSeed(contacts: number): SeedDocument {
  return {
    orgs: [{ _id: 'org_w', credits: 1000 }],
    api_keys: [{ key: 'key_w', org_id: 'org_w' }],
    tags: Array.from({ length: 10 }, (_, i) => ({ tag_id: `wt${i}`, org_id: 'org_w' })),
    contacts: Array.from({ length: contacts }, (_, i) => ({
      org_id: 'org_w',
      cell: `2782${String(i).padStart(7, '0')}`,
      firstname: `First${i}`,
      lastname: `Last${i}`,
      tag_ids: [`wt${i % 10}`],
    })),
  };
}

/** The median time to create a world from a 1,000-contact seed, and the memory of `count` worlds. */
export function measureWorlds(count: number): { createMs: number; megabytes: number } {
  const router = createWorldRouter(createMockService({ baseUrl: 'http://127.0.0.1:4010' }), {
    maxWorlds: count + 50,
  });
  const seed = worldSeed(1000);
  // Warm the code up first, as a server that has made a few worlds is.
  for (let i = 0; i < 20; i++) router.create({ name: `warm-${i}`, seed });
  for (let i = 0; i < 20; i++) router.delete(`warm-${i}`);
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const started = performance.now();
    router.create({ name: `timed-${i}`, seed });
    times.push(performance.now() - started);
    router.delete(`timed-${i}`);
  }
  times.sort((a, b) => a - b);
  gc();
  const held = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const before = held();
  // Each world from its own copy of the document, as each POST /__mock/worlds body is.
  for (let i = 0; i < count; i++) router.create({ name: `w-${i}`, seed: structuredClone(seed) });
  gc();
  const megabytes = (held() - before) / 2 ** 20;
  if (router.list().length !== count) throw new Error('the worlds were not all kept');
  return { createMs: times[Math.floor(times.length / 2)]!, megabytes };
}
