import ts from 'typescript';
import { entrySources } from './package-entries.js';

/**
 * The public surface of every package entry, as a reader of its declarations sees it: each
 * exported name with its kind (`value`, `type`, or both), entries in `package-entries.ts` order.
 * Rendered as the Markdown that `api-report.md` holds.
 */
export function apiReport(): string {
  const sources = entrySources();
  const program = ts.createProgram(Object.values(sources), {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
  });
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
