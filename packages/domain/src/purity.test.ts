import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));
const sources = (readdirSync(root, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-fixtures'))
  // Comments are dropped: JSDoc examples show callers passing `new Date()`, which is their choice.
  .map((f) => ({
    file: f,
    text: readFileSync(join(root, f), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  }));

describe('the domain package', () => {
  it('has sources to check', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  it('never reads the clock or randomness directly: time and seeds are passed in', () => {
    const offenders = sources.filter(({ text }) =>
      /Date\.now\(|new Date\(\)|Math\.random\(|performance\.now\(/.test(text),
    );
    expect(offenders.map((o) => o.file)).toEqual([]);
  });

  it('does no I/O', () => {
    const offenders = sources.filter(({ text }) => /from 'node:|\bfetch\(|\bprocess\./.test(text));
    expect(offenders.map((o) => o.file)).toEqual([]);
  });
});
