import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { worldGateOf } from '../core/world-access.js';
import { createMockService } from '../create-mock-service.js';
import { loadStateFile } from './state-file.js';
import { StateSaver } from './state-saver.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('saves the changes it holds as they stand when a long run takes the world, not once the run is over', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'state-saver-'));
  dirs.push(dir);
  const path = join(dir, 'state.json');
  const mock = createMockService({ seed: { orgs: [{ _id: 'first' }] } });
  // An interval far longer than the test: only the run's start can make it save.
  const saver = new StateSaver(
    path,
    () => mock,
    60_000,
    (error) => {
      throw error;
    },
  );
  mock.seed({ orgs: [{ _id: 'acknowledged' }] });
  saver.changed();
  let running = true;
  const run = worldGateOf(mock)!.run(function* () {
    while (running) yield;
  });
  const deadline = Date.now() + 5_000;
  while (!existsSync(path) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  running = false;
  await run;
  expect(existsSync(path)).toBe(true);
  const orgs = (loadStateFile(path)!.world.orgs ?? []).map((org) => org._id);
  expect(orgs).toEqual(['first', 'acknowledged']);
});
