import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../../../test-support/sources.js';

const root = fileURLToPath(new URL('../src/', import.meta.url));
const sources = codeOf(root);

describe('the SDK runtime', () => {
  it('imports nothing Node-only, so it runs in browsers, Deno, Bun and edge workers', () => {
    const offenders = sources.filter(({ text }) =>
      /from '(node:|fs|path|http|https|crypto|stream|buffer|process)'|\bprocess\.|\bBuffer\b|require\(/.test(
        text,
      ),
    );
    expect(offenders.map((o) => o.file)).toEqual([]);
  });

  it('loads the contract’s schemas only from the validation and webhooks entries', () => {
    const loadsSchemas = sources
      .filter(({ text }) => /^import \{[^}]*\} from '@marketing\/domain';/m.test(text))
      .map((s) => s.file);
    expect(loadsSchemas.sort()).toEqual(['validation.ts', 'webhooks.ts']);
  });
});
