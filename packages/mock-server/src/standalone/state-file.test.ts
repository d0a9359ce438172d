import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../index.js';
import { loadStateFile, StateFileError, saveStateFile } from './state-file.js';

const dir = () => mkdtempSync(join(tmpdir(), 'state-file-'));

describe('state files', () => {
  it('save atomically: a save that fails midway leaves the previous file whole and no temporary file', () => {
    const folder = dir();
    const path = join(folder, 'state.json');
    saveStateFile(path, { world: { orgs: [{ _id: 'before' }] } });
    const failing = {
      orgs: [{ _id: 'after' }],
      toJSON() {
        throw new Error('disk full');
      },
    };
    expect(() => saveStateFile(path, { world: failing })).toThrow('disk full');
    expect(loadStateFile(path)?.world).toEqual({ orgs: [{ _id: 'before' }] });
    expect(readdirSync(folder)).toEqual(['state.json']);
  });

  it('load a saved state with its clock, and nothing for a file that does not exist yet', () => {
    const path = join(dir(), 'state.json');
    expect(loadStateFile(path)).toBeUndefined();
    const saved = {
      world: { orgs: [{ _id: 'o' }] },
      clock: { now: '2026-01-02T03:04:05.000Z', fixed: true },
    };
    saveStateFile(path, saved);
    expect(loadStateFile(path)).toEqual({ ...saved, trusted: true });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      format: 'marketing-mock-state',
      version: 1,
    });
  });

  it('read a plain seed document as a world with no clock', () => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, JSON.stringify({ orgs: [{ _id: 'o' }] }));
    expect(loadStateFile(path)).toEqual({ world: { orgs: [{ _id: 'o' }] }, trusted: false });
  });

  it('trust a file only while its world is exactly what was written: an edit is validated in full', () => {
    const path = join(dir(), 'state.json');
    saveStateFile(path, {
      world: { orgs: [{ _id: 'o' }], contacts: [{ org_id: 'o', cell: '27821234567' }] },
    });
    expect(loadStateFile(path)?.trusted).toBe(true);
    writeFileSync(path, readFileSync(path, 'utf8').replace('27821234567', '2782123456x'));
    const edited = loadStateFile(path)!;
    expect(edited.trusted).toBe(false);
    expect(() => createMockService({ seed: edited.world, seedIsTrusted: edited.trusted })).toThrow(
      'contacts.0.cell: Invalid cell number',
    );
  });

  it('refuse a state file of another version, naming it', () => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, JSON.stringify({ format: 'marketing-mock-state', version: 9, world: {} }));
    expect(() => loadStateFile(path)).toThrow('has version 9; this mock reads version 1');
  });

  it('refuse a truncated file clearly, naming it, without touching it', () => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, '{"orgs": [{"_id": "o"');
    expect(() => loadStateFile(path)).toThrowError(StateFileError);
    expect(() => loadStateFile(path)).toThrow(`State file ${path} is not valid JSON`);
    expect(readFileSync(path, 'utf8')).toBe('{"orgs": [{"_id": "o"');
  });
});
