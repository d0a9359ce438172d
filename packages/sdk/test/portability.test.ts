import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../src/', import.meta.url));
const sources = (readdirSync(root, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  // Comments are dropped: JSDoc examples show server-side callers reading process.env.
  .map((f) => ({
    file: f,
    text: readFileSync(join(root, f), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  }));

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
