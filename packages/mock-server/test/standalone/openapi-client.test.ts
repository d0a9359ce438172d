import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from './cli-process.js';

const generatedRoot = fileURLToPath(new URL('../.generated/', import.meta.url));

// A client written only against the generated types: if the document and the server disagree on a
// path, parameter or body, this stops compiling or the calls below fail.
const usage = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });

export async function calls() {
  const contact = await client.GET('/contacts/{cell}', { params: { path: { cell: '27821000000' } } });
  const cell: string | undefined = contact.data?.data.cell;
  const search = await client.POST('/contacts/search', {
    body: { find: { tag_ids: { $all: ['tag_supplier_optout'] } }, projection: { cell: 1 }, options: { limit: 5 } },
  });
  const ids: string[] | undefined = search.data?.data.contacts.map((c) => c._id);
  const leads = await client.POST('/exchange/buyer/transaction', {
    body: [{ resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_offer' }],
  });
  const sale = await client.GET('/sales/create', {
    params: { query: { key: 'k', campaign_id: 'cmp_spring', cell: '27821000001' } },
  });
  // @ts-expect-error a path the service does not have
  await client.GET('/contacts');
  // @ts-expect-error projection values must be 1
  await client.POST('/contacts/search', { body: { find: { cell: ['1'] }, projection: { cell: 0 } } });
  return { cell, ids, leads, sale };
}
`;

describe('an independently generated client', () => {
  let cli: CliProcess;
  beforeAll(async () => {
    cli = await startCli(['--quiet']);
  });
  afterAll(async () => {
    await cli.stop('SIGKILL');
  });

  // The calls come first: the compile below blocks this process for seconds, and a kept-alive
  // connection the server closes meanwhile would fail the next call ("other side closed").
  it('makes calls with openapi-fetch that the server answers as documented', async () => {
    const seller = createClient({ baseUrl: cli.url, headers: { authorization: 'Bearer demo_seller_admin' } });
    const buyer = createClient({ baseUrl: cli.url, headers: { authorization: 'Bearer demo_buyer_admin' } });
    // Untyped here on purpose: the typed use is the compiled file above.
    type Call = (
      path: string,
      init: object,
    ) => Promise<{ response: Response; data?: unknown; error?: unknown }>;
    const anySeller = seller as unknown as { GET: Call; POST: Call };
    const anyBuyer = buyer as unknown as { POST: Call };

    const contact = await anySeller.GET('/contacts/{cell}', { params: { path: { cell: '27821000000' } } });
    expect(contact.response.status).toBe(200);
    expect(contact.data).toMatchObject({ ok: true, data: { cell: '27821000000' } });

    const missing = await anySeller.GET('/contacts/{cell}', { params: { path: { cell: '27839999999' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ ok: false, error: 'Contact not found' });

    const search = await anySeller.POST('/contacts/search', {
      body: {
        find: { tag_ids: { $all: ['tag_supplier_optout'] } },
        projection: { cell: 1 },
        options: { limit: 5 },
      },
    });
    expect((search.data as { data: { contacts: unknown[] } }).data.contacts).toHaveLength(5);

    const leads = await anyBuyer.POST('/exchange/buyer/transaction', {
      body: [{ resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_offer' }],
    });
    expect(leads.response.status).toBe(201);
    expect(leads.data).toEqual({ ok: true, data: 'Lead(s) submitted' });

    const sale = await anySeller.GET('/sales/create', {
      params: { query: { key: 'demo_seller_admin', campaign_id: 'cmp_spring', cell: '27821000001' } },
    });
    expect(sale.data).toEqual({ ok: true });
  });

  it('compiles against types generated from /openapi.json by openapi-typescript', async () => {
    const document = await (await fetch(`${cli.url}/openapi.json`)).json();
    const types = astToString(await openapiTS(document));
    mkdirSync(generatedRoot, { recursive: true });
    const dir = mkdtempSync(join(generatedRoot, 'client-'));
    writeFileSync(join(dir, 'api.ts'), types);
    writeFileSync(join(dir, 'usage.ts'), usage);
    const program = ts.createProgram([join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    rmSync(dir, { recursive: true, force: true });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
