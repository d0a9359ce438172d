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
      /<!-- snippet: (\S+)#(\S+) -->\n```ts\n([\s\S]*?)\n```$/gm,
    ),
  ].map(([, file, region, code]) => ({ guide, file: file!, region: region!, code: code! })),
);

/**
 * What is wrong with a Markdown text's code fences: a fence that opens inside a block (a closing
 * fence written as an opening one, such as a stray "```ts"), or a block never closed. Renderers
 * show such a guide with its prose inside code, so a guide must have none.
 */
function fenceProblems(markdown: string): string[] {
  const problems: string[] = [];
  let open: number | undefined;
  for (const [index, line] of markdown.split('\n').entries()) {
    if (!line.startsWith('```')) continue;
    if (open === undefined) open = index + 1;
    else if (line.trim() === '```') open = undefined;
    else problems.push(`line ${index + 1}: "${line}" inside the block opened on line ${open}`);
  }
  if (open !== undefined) problems.push(`line ${open}: a block that is never closed`);
  return problems;
}

describe('code fences', () => {
  it('finds a closing fence written as an opening one, and a block never closed', () => {
    expect(fenceProblems('```ts\na();\n```ts\n```\n')).toEqual([
      'line 3: "```ts" inside the block opened on line 1',
    ]);
    expect(fenceProblems('text\n```sh\nls\n')).toEqual(['line 2: a block that is never closed']);
    expect(fenceProblems('```ts\na();\n```\n\n```sh\nls\n```\n')).toEqual([]);
  });

  it.each([...guides, 'README.md'])('close every block they open in %s', (guide) => {
    expect(fenceProblems(readFileSync(join(root, guide), 'utf8'))).toEqual([]);
  });
});

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
