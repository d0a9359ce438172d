import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorCodeTable } from '@marketing/domain/routes';
import { describe, expect, it } from 'vitest';

const guide = readFileSync(fileURLToPath(new URL('sdk.md', import.meta.url)), 'utf8');

describe('the SDK guide', () => {
  it('names every error code an ApiError can carry', () => {
    const missing = Object.keys(errorCodeTable).filter((code) => !guide.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });
});
