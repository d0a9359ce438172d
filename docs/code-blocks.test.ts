import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { guideFiles } from '../test-support/sources.js';

// Runs every TypeScript block of the README and guides that is not copied from an example
// (those are checked by snippets.test.ts). A statement followed by a comment holding a value,
// `toMsisdn('0821234567', 'ZA'); // '27821234567'`, becomes an assertion of that value.
const root = fileURLToPath(new URL('..', import.meta.url));
const workDir = join(root, 'docs', '.doctest');
const files = guideFiles(root);
const blocks = files.flatMap((file) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/(<!-- snippet[^\n]*\n)?```ts\n([\s\S]*?)\n```/g)]
    .filter((m) => !m[1])
    .map((m, i) => ({ name: `${file} block ${i + 1}`, code: m[2]! })),
);

function literal(comment: string): string | undefined {
  for (const candidate of [comment, comment.split(/ \(|: (?![^{]*\})/)[0]!]) {
    try {
      new Function(`return (${candidate});`)();
      return candidate;
    } catch {}
  }
  return undefined;
}

function toModule(code: string): string {
  const imports: string[] = [];
  const body: string[] = [];
  const lines = code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('import ')) {
      imports.push(line);
      continue;
    }
    const inline = line.match(/^(.*?);\s*\/\/\s*(.+)$/);
    const value = inline ? literal(inline[2]!) : undefined;
    if (inline && value !== undefined && !/^\s*(const|let|for)\b/.test(inline[1]!)) {
      body.push(`check(${inline[1]}, ${value});`);
      continue;
    }
    // A call spanning lines, with its result on the comment line after it.
    const next = lines[i + 1]?.match(/^\/\/\s*(.+)$/);
    const afterValue = next ? literal(next[1]!) : undefined;
    if (line.endsWith(');') && afterValue !== undefined) {
      const start = body.length - [...body].reverse().findIndex((l) => /^\S/.test(l));
      const statement = [...body.splice(start - 1), line].join('\n').replace(/;$/, '');
      body.push(`check(${statement}, ${afterValue});`);
      i += 1;
      continue;
    }
    body.push(line);
  }
  return `${imports.join('\n')}\nexport default async function run(check: (actual: unknown, expected: unknown) => void) {\n${body.join('\n')}\n}\n`;
}

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('code in the README and guides', () => {
  it('has blocks to run', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
  });

  it.each(blocks.map((b) => [b.name, b] as const))('%s runs and shows true results', async (_, block) => {
    mkdirSync(workDir, { recursive: true });
    const file = join(workDir, `${block.name.replace(/\W+/g, '-')}.ts`);
    writeFileSync(file, toModule(block.code));
    const module = (await import(pathToFileURL(file).href)) as {
      default: (check: (a: unknown, e: unknown) => void) => Promise<void>;
    };
    let checks = 0;
    await module.default((actual, expected) => {
      checks += 1;
      expect(actual, block.code).toEqual(expected);
    });
    expect(checks).toBeGreaterThan(0);
  });

  it('type-check under strict TypeScript, as a user pastes them', () => {
    // `--strict` as a user sets it, without this repository's noUncheckedIndexedAccess.
    const dir = join(workDir, 'typed');
    mkdirSync(dir, { recursive: true });
    for (const block of blocks)
      writeFileSync(join(dir, `${block.name.replace(/\W+/g, '-')}.ts`), toModule(block.code));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../tsconfig.base.json',
        compilerOptions: { baseUrl: '../../..', noUncheckedIndexedAccess: false },
        include: ['*.ts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
  }, 60_000);
});
