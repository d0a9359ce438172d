import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPactStatesFile } from './pact-states-file.js';

const dir = mkdtempSync(join(tmpdir(), 'pact-states-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileWith(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('readPactStatesFile', () => {
  it('reads a map of state name to seed document', () => {
    const path = fileWith('ok.json', JSON.stringify({ 'an organisation': { orgs: [{ _id: 'org_a' }] } }));
    expect(readPactStatesFile(path)).toEqual({ 'an organisation': { orgs: [{ _id: 'org_a' }] } });
  });

  it('refuses text that is not JSON, naming the file', () => {
    const path = fileWith('broken.json', '{ "a": ');
    expect(() => readPactStatesFile(path)).toThrow(`--pact-states ${path}: cannot read it: `);
  });

  it('refuses JSON that is not an object of seed documents', () => {
    const list = fileWith('list.json', '[]');
    expect(() => readPactStatesFile(list)).toThrow(
      `--pact-states ${list}: expected a JSON object of provider state name to seed document`,
    );
    const text = fileWith('text.json', '{ "a state": "seed.json" }');
    expect(() => readPactStatesFile(text)).toThrow(
      `--pact-states ${text}: state "a state": expected a seed document (a JSON object)`,
    );
  });

  it('refuses a seed document with an unknown collection, naming the state', () => {
    const path = fileWith('unknown.json', JSON.stringify({ 'a state': { people: [] } }));
    expect(() => readPactStatesFile(path)).toThrow(
      /state "a state" is not a valid seed document:\n {4}.*people/,
    );
  });
});
