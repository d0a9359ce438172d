/**
 * Writes `packages/sdk/src/contract-types.ts`: the contract's types (`z.infer` of the domain's
 * schemas) expanded into plain TypeScript, so that the SDK's published declarations name
 * `Contact` and `SearchRow<P>` without importing zod or `@marketing/domain`. The file is
 * committed; `packages/sdk/src/contract-types.test.ts` fails when it no longer matches the domain.
 *
 * Run it with `pnpm generate:sdk-types` after changing a schema the SDK uses.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { routes } from '../packages/domain/src/routes.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const contractTypesFile = join(root, 'packages/sdk/src/contract-types.ts');

/** The domain's types the SDK shows users, each with the summary its declaration gets. */
const named: Record<string, string> = {
  Contact: 'A contact, as the service answers it.',
  ProjectedContact: 'A contact as a search answers it: `_id` and the projected fields.',
  UploadContact: 'One row of a contact upload.',
  UploadContactsBody: 'The body of a contact upload (`contacts.create`, `contacts.upsert`).',
  UploadResult: 'What a contact upload answers: the rows stored, and each refused row with why.',
  ContactSearchBody: 'The body of a contact search.',
  ParsedSearchRequest: 'A contact search as the service understood it.',
  OptOutBody: 'The body of `contacts.optOut`: campaign IDs, or `all: true`.',
  OptOutCampaignBody: 'The body of `contacts.optOutCampaign`.',
  TagChangeBody: 'The body of `contacts.addTags` and `contacts.removeTags`: tag IDs or names.',
  BulkUpdateBody: 'The body of `contacts.bulkUpdate`: a filter and an update.',
  Tag: 'A tag.',
  Campaign: 'A (v1) campaign.',
  CampaignV2: 'A v2 campaign.',
  Sale: 'One sale of a sales upload or postback.',
  Lead: 'One lead of a marketplace lead batch.',
  LeadTransaction: 'A marketplace transaction: a submitted lead and its status.',
  LeadIssue: 'A refused lead of a lead batch: its index and why.',
  TransactionSearchBody: 'The body of `transactions.search`.',
  SendSmsBody: 'The body of `send.sms`.',
  SendEmailBulkBody: 'The body of `send.emailBulk`.',
  ComplianceBody: 'The body of `compliance.checkSend`.',
  Reply: 'A reply to a campaign message, as reply webhooks carry it.',
  ValidationIssue: 'One validation issue: where (`path`) and what (`message`).',
  RenderResult: 'A rendered template: the text, and the placeholders that had no value.',
  TemplateContext: 'What a template may name: the contact, the campaign, the time.',
};

const parts = ['params', 'query', 'body', 'data'] as const;
const partType = { params: 'PathParamsOf', query: 'QueryOf', body: 'BodyOf', data: 'DataOf' } as const;
const endpointIds = Object.values(routes).flatMap((group) => Object.values(group).map((route) => route.id));

/** Answers the generated file's text (unformatted). */
export function generateContractTypes(): string {
  const probe = join(root, 'packages/sdk/src/__contract-types-probe.ts');
  const lines = ["import type * as D from '@marketing/domain';"];
  for (const name of Object.keys(named)) lines.push(`export type ${name} = D.${name};`);
  for (const id of endpointIds)
    for (const part of parts)
      lines.push(`export type ${alias(id, part)} = D.${partType[part]}<D.EndpointOf<'${id}'>>;`);
  const probeText = lines.join('\n');

  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.base.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.base.json could not be read');
  const options = { ...config.options, baseUrl: root, noEmit: true };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === probe || fileExists.call(host, file);
  host.readFile = (file) => (file === probe ? probeText : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) =>
    file === probe
      ? ts.createSourceFile(file, probeText, language)
      : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe)!;
  const flags =
    ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.InTypeAlias |
    ts.TypeFormatFlags.UseStructuralFallback |
    ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  const expanded = new Map<string, string>();
  for (const statement of source.statements)
    if (ts.isTypeAliasDeclaration(statement))
      expanded.set(statement.name.text, expand(checker.getTypeAtLocation(statement.name)));

  // An interface prints as its name, so its members are written out.
  function expand(type: ts.Type): string {
    const isInterface =
      type.flags & ts.TypeFlags.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Interface;
    if (!isInterface) return checker.typeToString(type, undefined, flags);
    const members = checker.getPropertiesOfType(type).map((property) => {
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      const text = checker.typeToString(checker.getTypeOfSymbol(property), undefined, flags);
      return `${property.name}${optional}: ${text}`;
    });
    return `{ ${members.join('; ')} }`;
  }

  // A type that equals a named one is written as its name, the longest names' texts first.
  const byLength = Object.keys(named)
    .map((name) => [name, expanded.get(name)!] as const)
    .filter(([, text]) => text.startsWith('{'))
    .sort((a, b) => b[1].length - a[1].length);
  const withNames = (text: string, self?: string) => {
    let result = text;
    for (const [name, body] of byLength) if (name !== self) result = result.split(body).join(name);
    return result;
  };

  const out = [
    '// Generated by `pnpm generate:sdk-types` (scripts/generate-sdk-types.ts) from the schemas of',
    '// @marketing/domain. Do not edit: change the schema and run the script again.',
    '',
  ];
  for (const [name, summary] of Object.entries(named))
    out.push(`/** ${summary} */`, `export type ${name} = ${withNames(expanded.get(name)!, name)};`, '');
  out.push(
    "/** Every endpoint's parts, by endpoint ID: path `params`, `query`, `body` and success `data`. */",
    'export interface EndpointTypes {',
  );
  for (const id of endpointIds) {
    out.push(`  '${id}': {`);
    for (const part of parts) out.push(`    ${part}: ${withNames(expanded.get(alias(id, part))!)};`);
    out.push('  };');
  }
  out.push('}', '');
  return out.join('\n');
}

function alias(id: string, part: string) {
  return `${id.replace('.', '_')}_${part}`;
}

/** Formats the text as the repository's biome formats code. */
export function formatted(text: string): string {
  return execFileSync(
    join(root, 'node_modules/.bin/biome'),
    ['format', '--stdin-file-path', 'contract-types.ts'],
    { cwd: root, input: text, encoding: 'utf8' },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(contractTypesFile, formatted(generateContractTypes()));
  process.stdout.write(`wrote ${contractTypesFile}\n`);
}
