import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStateFile, StateFileError, saveStateFile } from './state-file.js';

const dir = () => mkdtempSync(join(tmpdir(), 'state-file-'));

describe('state files', () => {
  it('save atomically: a save that fails midway leaves the previous file whole and no temporary file', () => {
    const folder = dir();
    const path = join(folder, 'state.json');
    saveStateFile(path, { orgs: [{ _id: 'before' }] });
    const failing = {
      orgs: [{ _id: 'after' }],
      toJSON() {
        throw new Error('disk full');
      },
    };
    expect(() => saveStateFile(path, failing)).toThrow('disk full');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ orgs: [{ _id: 'before' }] });
    expect(readdirSync(folder)).toEqual(['state.json']);
  });

  it('load a saved state, and nothing for a file that does not exist yet', () => {
    const path = join(dir(), 'state.json');
    expect(loadStateFile(path)).toBeUndefined();
    saveStateFile(path, { orgs: [{ _id: 'o' }] });
    expect(loadStateFile(path)).toEqual({ orgs: [{ _id: 'o' }] });
  });

  it('refuse a truncated file clearly, naming it, without touching it', () => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, '{"orgs": [{"_id": "o"');
    expect(() => loadStateFile(path)).toThrowError(StateFileError);
    expect(() => loadStateFile(path)).toThrow(`State file ${path} is not valid JSON`);
    expect(readFileSync(path, 'utf8')).toBe('{"orgs": [{"_id": "o"');
  });
});
