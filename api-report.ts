import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { entrySources } from './package-entries.js';

/**
 * The public surface of every package entry, as a reader of its declarations sees it: each
 * exported name with its kind (`value`, `type`, or both), entries in `package-entries.ts` order.
 * Rendered as the Markdown that `api-report.md` holds.
 */
export function apiReport(): string {
  const sources = entrySources();
  // The workspace's own compiler options, whose `paths` resolve the packages to their sources:
  // built declarations may be missing (a fresh clone) or stale.
  const configPath = fileURLToPath(new URL('./tsconfig.json', import.meta.url));
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, ts.sys.readFile).config,
    ts.sys,
    dirname(configPath),
  );
  const program = ts.createProgram(Object.values(sources), { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const lines = [
    '# Public API report',
    '',
    'Every name each package entry exports. `api-report.test.ts` fails when this differs from the',
    'sources: a change to the public surface is then a reviewed change to this file',
    '(`UPDATE_API_REPORT=1 pnpm exec vitest run api-report.test.ts` rewrites it).',
  ];
  for (const [specifier, path] of Object.entries(sources)) {
    const file = program.getSourceFile(path);
    const symbol = file && checker.getSymbolAtLocation(file);
    if (!symbol) throw new Error(`${path}: not a module`);
    const names = checker.getExportsOfModule(symbol).map((exported) => {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const value = (target.flags & ts.SymbolFlags.Value) !== 0;
      const type = (target.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Namespace)) !== 0;
      return `- ${exported.name}: ${value && type ? 'value and type' : value ? 'value' : 'type'}`;
    });
    lines.push('', `## ${specifier} (${names.length})`, '', ...names.sort());
  }
  return `${lines.join('\n')}\n`;
}
