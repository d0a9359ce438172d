import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guideFiles } from '../test-support/sources.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const guides = guideFiles(root);
const snippets = guides.flatMap((guide) =>
  [
    ...readFileSync(join(root, guide), 'utf8').matchAll(
      /<!-- snippet: (\S+)#(\S+) -->\n```ts\n([\s\S]*?)\n```/g,
    ),
  ].map(([, file, region, code]) => ({ guide, file: file!, region: region!, code: code! })),
);

describe('guide snippets', () => {
  it('exist, taken from the runnable examples', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(20);
  });

  it.each(snippets.map((s) => [`${s.guide}: ${s.file}#${s.region}`, s] as const))(
    '%s matches its example',
    (_, snippet) => {
      const source = readFileSync(join(root, snippet.file), 'utf8');
      const match = source.match(
        new RegExp(`// #region ${snippet.region}\\n([\\s\\S]*?)// #endregion ${snippet.region}`),
      );
      expect(match, `region ${snippet.region} in ${snippet.file}`).not.toBeNull();
      expect(snippet.code).toBe(match![1]!.trimEnd());
    },
  );
});
