import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../../../test-support/sources.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const sources = codeOf(root);

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
