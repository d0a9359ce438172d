// The SDK as users install it: built, packed and installed alone in a project outside the
// workspace; its size, its dependencies, its bundle and the cost of type-checking against it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { installAlone, run } from './install-alone.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the installed SDK costs its user. */
export interface SdkPackageFigures {
  /** Bytes of `node_modules` after installing the SDK's tarball alone. */
  installedBytes: number;
  /** Packages installed besides the SDK itself. */
  dependencies: number;
  /** Milliseconds of `tsc` with `skipLibCheck: false` on a file that uses the SDK, each round. */
  typeCheckMs: number[];
  /** The same for an empty file with the same options: TypeScript's own cost, without the SDK. */
  emptyFileMs: number[];
  /** Bytes of a minified, gzipped ESM bundle of a client, without and with response validation. */
  bundleBytes: { plain: number; validated: number };
}

const USE_SDK = `import { Client, isApiError, type Contact } from '@marketing/sdk';
import { createWebhookDeduper } from '@marketing/sdk/webhooks';
const client = new Client({ apiKey: 'k', baseUrl: 'https://api.example' });
export async function main(): Promise<Contact | string> {
  await createWebhookDeduper().isDuplicate({});
  const page = await client.contacts.search({ find: { tag_ids: { $in: ['t'] } }, projection: { cell: 1 } });
  console.log(page.contacts[0]?.cell);
  return client.contacts.get('27821234567').catch((e: unknown) => (isApiError(e) ? e.code : 'other'));
}
`;

async function bundleSize(source: string, project: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: project, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    // zod is the validator's optional peer: taken from the workspace for the second bundle.
    nodePaths: [join(root, 'packages/sdk/node_modules')],
  });
  return gzipSync(result.outputFiles[0]!.contents).length;
}

/** Builds and packs the SDK, installs it alone in a fresh project, and measures it there. */
export async function measureSdkPackage(rounds: number): Promise<SdkPackageFigures> {
  const project = installAlone('sdk');
  const installedBytes = Number(run('du', ['-sb', 'node_modules'], project).split('\t')[0]);
  const lock = JSON.parse(readFileSync(join(project, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  const dependencies = Object.keys(lock.packages).filter(
    (path) => path !== 'node_modules/@marketing/sdk',
  ).length;

  // The same compiler options for a file that uses the SDK and for an empty file: most of the time
  // is TypeScript's own lib (lib.dom.d.ts) checked with skipLibCheck off, so the empty file shows
  // what the SDK adds. Rounds alternate the two.
  writeFileSync(join(project, 'use.ts'), USE_SDK);
  writeFileSync(join(project, 'empty.ts'), 'export const nothing = 0;\n');
  const compilerOptions = {
    strict: true,
    noEmit: true,
    module: 'nodenext',
    lib: ['es2022', 'dom'],
    types: [],
    skipLibCheck: false,
  };
  for (const file of ['use', 'empty'])
    writeFileSync(
      join(project, `tsconfig.${file}.json`),
      JSON.stringify({ compilerOptions, files: [`${file}.ts`] }),
    );
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const timeTsc = (file: string) => {
    const started = performance.now();
    run(process.execPath, [tsc, '-p', `tsconfig.${file}.json`], project);
    return performance.now() - started;
  };
  const typeCheckMs: number[] = [];
  const emptyFileMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    typeCheckMs.push(timeTsc('use'));
    emptyFileMs.push(timeTsc('empty'));
  }

  const client = "export const c = new Client({ apiKey: 'k', baseUrl: 'https://x'";
  const plain = await bundleSize(`import { Client } from '@marketing/sdk'; ${client} });`, project);
  const validated = await bundleSize(
    `import { Client } from '@marketing/sdk'; import { contractValidator } from '@marketing/sdk/validation'; ${client}, validateResponses: contractValidator });`,
    project,
  );
  return { installedBytes, dependencies, typeCheckMs, emptyFileMs, bundleBytes: { plain, validated } };
}
