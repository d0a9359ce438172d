import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectEnglishRefusal } from '../test-support/english-refusal.js';
import { listeningUrl } from '../test-support/listening.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: 'pipe' });

// One project outside the workspace, as a user makes it: npm, the packed tarballs, vitest and msw.
const project = mkdtempSync(join(tmpdir(), 'marketing-outside-'));
const tarballs: Record<string, string> = {};

beforeAll(() => {
  // The tarballs of `pnpm release`, checked against its SHA256SUMS as docs/install.md says.
  const release = join(root, 'release');
  run('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], release);
  for (const file of readdirSync(release).filter((f) => f.endsWith('.tgz')))
    tarballs[file] = join(release, file);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'outside-user', private: true }));
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...Object.values(tarballs),
      'vitest@3.2.7',
      'msw@2.9.0',
      'typescript@5.9.3',
    ],
    project,
  );
});

describe('the packages, installed from their tarballs outside the workspace', () => {
  it('are three tarballs, each with a README, a LICENSE and no workspace links', () => {
    expect(Object.keys(tarballs).sort()).toEqual([
      'marketing-domain-0.2.0.tgz',
      'marketing-mock-server-0.2.0.tgz',
      'marketing-sdk-0.2.0.tgz',
    ]);
    for (const [file, path] of Object.entries(tarballs)) {
      const listing = run('tar', ['-tzf', path], root);
      expect(listing, file).toContain('package/README.md');
      expect(listing, file).toContain('package/LICENSE');
      const manifest = run('tar', ['-xzOf', path, 'package/package.json'], root);
      expect(manifest, file).not.toContain('workspace:');
      process.stdout.write(`${file}: ${(statSync(path).size / 1024).toFixed(1)} kB\n`);
    }
  });

  it('import as ES modules and as CommonJS', () => {
    const esm = run(
      'node',
      [
        '--input-type=module',
        '-e',
        `import { createMockService } from '@marketing/mock-server';
         import { Client } from '@marketing/sdk';
         import { toMsisdn } from '@marketing/domain';
         const mock = createMockService({ seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }], tags: [{ tag_id: 't', org_id: 'o' }] } });
         const client = new Client({ apiKey: 'k', baseUrl: mock.baseUrl, fetch: mock.fetch });
         console.log(JSON.stringify([toMsisdn('0821234567', 'ZA'), await client.tags.list()]));`,
      ],
      project,
    );
    expect(JSON.parse(esm)).toEqual(['27821234567', [{ tag_id: 't', name: 't' }]]);
    const cjs = run(
      'node',
      [
        '-e',
        `const { createMockService } = require('@marketing/mock-server');
         const { Client } = require('@marketing/sdk');
         const { mswHandlers } = require('@marketing/mock-server/msw');
         const mock = createMockService();
         console.log(typeof Client, mswHandlers(mock).length, mock.baseUrl);`,
      ],
      project,
    );
    expect(cjs.trim()).toBe('function 1 https://api.marketing.test');
  });

  it('install the SDK alone, under 1 MB with no dependency, and make real calls over HTTP from CommonJS (with and without require(esm)), TypeScript compiled to CommonJS (node16, and node10 through the subpaths’ typesVersions), and ESM', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'marketing-sdk-alone-'));
    writeFileSync(join(alone, 'package.json'), JSON.stringify({ name: 'sdk-alone', private: true }));
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--loglevel=error', tarballs['marketing-sdk-0.2.0.tgz']!],
      alone,
    );
    expect(readdirSync(join(alone, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([
      '@marketing',
    ]);
    const bytes = Number(run('du', ['-sb', 'node_modules'], alone).split('\t')[0]);
    process.stdout.write(`@marketing/sdk installed alone: ${(bytes / 1024).toFixed(0)} kB\n`);
    expect(bytes).toBeLessThan(1024 * 1024);

    const server = spawn('npx', ['--no-install', 'marketing-mock', '--port', '0', '--quiet'], {
      cwd: project,
    });
    try {
      const url = await listeningUrl(server);
      const call = `new Client({ apiKey: 'demo_seller_admin', baseUrl: '${url}' })
        .contacts.get('27829999999').catch((e) => e.code).then((r) => console.log(JSON.stringify(r)))`;
      const cjs = `const { Client } = require('@marketing/sdk'); ${call}`;
      expect(JSON.parse(run('node', ['-e', cjs], alone))).toBe('contact_not_found');
      expect(JSON.parse(run('node', ['--no-experimental-require-module', '-e', cjs], alone))).toBe(
        'contact_not_found',
      );
      const esm = `import { Client } from '@marketing/sdk'; ${call}`;
      expect(JSON.parse(run('node', ['--input-type=module', '-e', esm], alone))).toBe('contact_not_found');
      // The webhook helpers load as ES modules without zod, which only /validation needs.
      const hooks = `import { idempotencyKeyOf, previewTemplate } from '@marketing/sdk/webhooks';
        console.log(JSON.stringify([idempotencyKeyOf({ 'service-idemptotency-key': 'whd_1' }),
          previewTemplate('Thanks {{contact.firstname}}', { contact: { firstname: 'Thandi' } }).text]))`;
      expect(JSON.parse(run('node', ['--input-type=module', '-e', hooks], alone))).toEqual([
        'whd_1',
        'Thanks Thandi',
      ]);
      // Each call says which SDK made it, as the mock's journal shows.
      const [latest] = (await (await fetch(`${url}/__mock/requests?limit=1`)).json()).data;
      expect(latest.headers['user-agent']).toMatch(/^marketing-sdk\/0\.2\.0 \(node 20\.[\d.]+; linux\)$/);
      writeFileSync(
        join(alone, 'call.ts'),
        `import { Client, isApiError } from '@marketing/sdk';
         declare const process: { argv: string[] };
         new Client({ apiKey: 'demo_seller_admin', baseUrl: process.argv[2]! })
           .tags.list()
           .then((tags) => console.log(JSON.stringify(tags.length > 0)), (e: unknown) => console.log(isApiError(e) ? e.code : 'failed'));
        `,
      );
      const tsc = join(project, 'node_modules/typescript/bin/tsc');
      run(
        'node',
        [
          tsc,
          '--strict',
          '--module',
          'node16',
          '--moduleResolution',
          'node16',
          '--lib',
          'es2022,dom',
          '--outDir',
          'out',
          'call.ts',
        ],
        alone,
      );
      // Compiled to CommonJS (no "type" in package.json): a require of the SDK.
      expect(readFileSync(join(alone, 'out/call.js'), 'utf8')).toContain('require("@marketing/sdk")');
      expect(run('node', ['out/call.js', url], alone).trim()).toBe('true');

      // The older resolution (`module: commonjs`, `moduleResolution: node10`) finds the subpaths'
      // types through typesVersions, and the compiled require runs.
      writeFileSync(
        join(alone, 'hooks.ts'),
        `import { idempotencyKeyOf } from '@marketing/sdk/webhooks';
         import { Client } from '@marketing/sdk';
         const key: string | undefined = idempotencyKeyOf({ 'service-idemptotency-key': 'whd_1' });
         console.log(key, typeof Client);
        `,
      );
      run(
        'node',
        [
          tsc,
          '--strict',
          '--target',
          'es2020',
          '--module',
          'commonjs',
          '--moduleResolution',
          'node10',
          '--lib',
          'es2022,dom',
          '--outDir',
          'out10',
          'hooks.ts',
        ],
        alone,
      );
      expect(run('node', ['out10/hooks.js'], alone).trim()).toBe('whd_1 function');

      // The README's quick start, pasted into the project with the SDK alone and run as an ES
      // module, every import kept (its import of the response validator once failed there: that
      // needs zod; TypeScript's usual output drops an import nothing uses, and hid it).
      const readme = readFileSync(join(root, 'README.md'), 'utf8');
      const quickstart = /<!-- snippet: \S+#quickstart -->\n```ts\n([\s\S]*?)\n```/.exec(readme)![1]!;
      writeFileSync(
        join(alone, 'quickstart.mts'),
        `${quickstart}
         declare const process: { argv: string[] };
         firstCalls(connect(process.argv[2])).then(({ contact, vipCells }) =>
           console.log(JSON.stringify([contact.cell, vipCells.length > 0])));
        `,
      );
      run(
        'node',
        [
          tsc,
          '--strict',
          '--module',
          'nodenext',
          '--verbatimModuleSyntax',
          '--lib',
          'es2022,dom',
          '--outDir',
          'out-quickstart',
          'quickstart.mts',
        ],
        alone,
      );
      expect(JSON.parse(run('node', ['out-quickstart/quickstart.mjs', url], alone))).toEqual([
        '27821000000',
        true,
      ]);
    } finally {
      server.kill('SIGTERM');
    }
  });

  it('install the mock alone from its tarball, with its own dependencies, and serve with npx from one file that needs none of them', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'marketing-mock-alone-'));
    writeFileSync(join(alone, 'package.json'), JSON.stringify({ name: 'mock-alone', private: true }));
    run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        tarballs['marketing-mock-server-0.2.0.tgz']!,
      ],
      alone,
    );
    expect(existsSync(join(alone, 'node_modules/@marketing/domain'))).toBe(false);
    const server = spawn('npx', ['--no-install', 'marketing-mock', '--port', '0', '--quiet'], { cwd: alone });
    try {
      const url = await listeningUrl(server);
      const answer = await fetch(`${url}/contacts/27821000000`, {
        headers: { authorization: 'Bearer demo_seller_admin' },
      });
      expect(answer.status).toBe(200);
    } finally {
      server.kill('SIGTERM');
    }
    // The command is one file with its dependencies bundled (importing them from node_modules was
    // most of its start): it serves, and words a refusal, with their folders gone.
    for (const dependency of ['zod', 'date-fns', '@date-fns', 'libphonenumber-js', 'fastest-levenshtein']) {
      expect(existsSync(join(alone, 'node_modules', dependency))).toBe(true);
      rmSync(join(alone, 'node_modules', dependency), { recursive: true });
    }
    const bundled = spawn('npx', ['--no-install', 'marketing-mock', '--port', '0', '--quiet'], {
      cwd: alone,
    });
    try {
      await expectEnglishRefusal(await listeningUrl(bundled));
    } finally {
      bundled.kill('SIGTERM');
    }
  });

  it('type-check a user’s code against the shipped types', () => {
    writeFileSync(
      join(project, 'check.mts'),
      `import { createMockService, type RequestLogEntry } from '@marketing/mock-server';
       import { mswHandlers } from '@marketing/mock-server/msw';
       import { Client, type Contact } from '@marketing/sdk';
       const mock = createMockService();
       const client = new Client({ apiKey: 'k', baseUrl: mock.baseUrl, fetch: mock.fetch });
       export const contact: Promise<Contact> = client.contacts.get('27821234567');
       export const entries: RequestLogEntry[] = mock.requests({ path: '/contacts/:cell' });
       export const handlers = mswHandlers(mock);
       // @ts-expect-error: a cell is a string
       client.contacts.get(27821234567);
       // @ts-expect-error: a search needs at least one filter
       client.contacts.search({ find: {} });
       // @ts-expect-error: a lead names exactly one matchback
       client.transactions.create([{ resource_id: 'r', cell: '1', campaign_id: 'c', send_id: 's' }]);
       // @ts-expect-error: a page holds at most 10,000 contacts
       client.contacts.searchAll({ find: { cell: ['1'] }, pageSize: 50_000 });
      `,
    );
    run(
      'node',
      [
        join(project, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--skipLibCheck',
        'check.mts',
      ],
      project,
    );
  });

  it('run the marketing-mock bin with npx', () => {
    expect(run('npx', ['--no-install', 'marketing-mock', '--version'], project).trim()).toBe('0.2.0');
  });

  // npm passes SIGTERM on to the shell under it, and SIGHUP not at all: it ends and the shell lives on.
  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'stop and save --state when %s is sent to npx, the command the user ran',
    async (signal) => {
      const state = `npx-state-${signal}.json`;
      const child = spawn(
        'npx',
        ['--no-install', 'marketing-mock', '--port', '0', '--quiet', '--state', state],
        {
          cwd: project,
        },
      );
      const url = await listeningUrl(child);
      expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
      child.kill(signal);
      await expect.poll(() => existsSync(join(project, state)), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => existsSync(join(project, `${state}.lock`)), { timeout: 10_000 }).toBe(false);
      await expect
        .poll(
          () =>
            fetch(`${url}/__mock/health`).then(
              () => 'serving',
              () => 'stopped',
            ),
          { timeout: 10_000 },
        )
        .toBe('stopped');
    },
  );

  it('run a vitest and msw test written as an outside user would', () => {
    writeFileSync(
      join(project, 'signup.test.mjs'),
      `import { createMockService } from '@marketing/mock-server';
       import { mswHandlers } from '@marketing/mock-server/msw';
       import { setupServer } from 'msw/node';
       import { afterAll, beforeAll, expect, it } from 'vitest';

       const mock = createMockService({
         seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }], tags: [{ tag_id: 'news', org_id: 'o' }] },
       });
       const server = setupServer(...mswHandlers(mock));
       beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
       afterAll(() => server.close());

       // The code under test calls the global fetch, so msw intercepts it.
       async function signUp(cell) {
         const res = await fetch(mock.baseUrl + '/contacts/' + cell + '/tag/add', {
           method: 'PUT',
           headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
           body: JSON.stringify({ tag_ids: ['news'], create_missing_contact: true }),
         });
         return res.status;
       }

       it('signs a new contact up', async () => {
         expect(await signUp('27821234567')).toBe(200);
         expect(mock.requestCount({ method: 'PUT', path: '/contacts/:cell/tag/add' })).toBe(1);
         expect(mock.state().contacts[0].tag_ids).toEqual(['news']);
       });
      `,
    );
    const output = run('npx', ['--no-install', 'vitest', 'run', '--reporter=dot'], project, { CI: '1' });
    expect(output).toMatch(/1 passed/);
  });
});
