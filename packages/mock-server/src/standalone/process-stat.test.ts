import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processStat } from './process-stat.js';

describe.runIf(process.platform === 'linux')('processStat', () => {
  it('reads a running process’s name, state and parent', () => {
    expect(processStat(process.pid)).toMatchObject({
      parent: process.ppid,
      state: expect.stringMatching(/^[RS]$/),
    });
  });

  it('reads a name that holds spaces and parentheses, and the parent after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'process-stat-'));
    const odd = join(dir, 'a (b) c');
    copyFileSync('/bin/sleep', odd);
    const child = spawn(odd, ['5']);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      expect(processStat(child.pid!)).toMatchObject({ name: 'a (b) c', parent: process.pid });
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers undefined for a process that is gone', () => {
    expect(processStat(spawnSync('true').pid)).toBeUndefined();
  });
});
