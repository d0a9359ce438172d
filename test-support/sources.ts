import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The TypeScript sources below a folder (tests and fixtures left out), with comments removed:
 * guard tests look at code, and JSDoc examples may show what callers do (`new Date()`,
 * `process.env`).
 */
export function codeOf(folder: string): { file: string; text: string }[] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-fixtures'))
    .map((f) => ({
      file: f,
      text: readFileSync(join(folder, f), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, ''),
    }));
}

/** The README and every guide in docs/, as paths from the repository root. */
export function guideFiles(root: string): string[] {
  return [
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    'README.md',
  ];
}
