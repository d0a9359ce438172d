import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

describe('the README', () => {
  it('does not claim a package is unbuilt', () => {
    expect(readme).not.toMatch(/not built|not yet built|coming soon|\bTODO\b/i);
  });

  it('lists every package with a status', () => {
    for (const name of ['@marketing/domain', '@marketing/sdk', '@marketing/mock-server'])
      expect(readme).toMatch(
        new RegExp(`\\[\`${name}\`\\]\\(packages/[a-z-]+\\) \\|[^\\n]+\\| complete \\|`),
      );
  });
});
