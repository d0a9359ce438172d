import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from './cli-process.js';

const generatedRoot = fileURLToPath(new URL('../.generated/', import.meta.url));
const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// Stoplight Prism, an independent implementation of OpenAPI, as a validating proxy in front of the
// standalone mock: it checks each request and each answer against the document the mock serves,
// and names what does not match in an `sl-violations` header and in its log.
async function startPrism(
  documentFile: string,
  upstream: string,
): Promise<{ url: string; child: ChildProcess; log(): string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [prismCli, 'proxy', documentFile, upstream, '-p', String(port), '-h', '127.0.0.1'],
    {
      env: { ...process.env, FORCE_COLOR: '0', SCARF_ANALYTICS: 'false' },
    },
  );
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${log}`)), 25_000);
    const read = (chunk: Buffer) => {
      log += chunk;
      if (log.includes('Prism is listening on')) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, child, log: () => log });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`Prism exited with ${code}:\n${log}`)));
  });
}

interface Call {
  method: string;
  path: string;
  key?: string;
  body?: unknown;
  status: number;
}

const seller = 'demo_seller_admin';
const buyer = 'demo_buyer_admin';
const calls: Call[] = [
  { method: 'GET', path: '/contacts/27821000000', key: seller, status: 200 },
  { method: 'GET', path: '/contacts/27839999999', key: seller, status: 404 },
  { method: 'GET', path: '/contacts/search', key: seller, status: 405 },
  { method: 'DELETE', path: '/contacts/update', key: seller, status: 405 },
  {
    method: 'POST',
    path: '/contacts/search',
    key: seller,
    body: {
      find: { tag_ids: { $all: ['tag_supplier_optout'] } },
      projection: { cell: 1 },
      options: { limit: 5 },
    },
    status: 200,
  },
  {
    method: 'PUT',
    path: '/contacts/27821000001/tag/add',
    key: seller,
    body: { tag_ids: ['tag_vip'] },
    status: 200,
  },
  {
    method: 'PUT',
    path: '/contacts/27821000001/tag/remove',
    key: seller,
    body: { tags: ['VIP'] },
    status: 200,
  },
  {
    method: 'PUT',
    path: '/contacts/27821000001/tag/add',
    key: seller,
    body: { tags: ['Nope'] },
    status: 400,
  },
  {
    method: 'POST',
    path: '/contacts/27821000001/optOut',
    key: seller,
    body: { campaign_ids: ['cmp_spring'] },
    status: 200,
  },
  {
    method: 'PUT',
    path: '/contacts/27821000002/optOut',
    key: seller,
    body: { campaign_id: 'cmp_spring' },
    status: 200,
  },
  { method: 'DELETE', path: '/contacts/27821000003', key: seller, status: 200 },
  {
    method: 'POST',
    path: '/contacts',
    key: seller,
    body: { contacts: [{ cell: '27831230001', firstname: 'Ann' }] },
    status: 200,
  },
  {
    method: 'PUT',
    path: '/contacts',
    key: seller,
    body: { country: 'ZA', contacts: [{ cell: '0831230002' }] },
    status: 200,
  },
  {
    method: 'POST',
    path: '/contacts/update',
    key: seller,
    body: { find: { cell: ['27821000004'] }, update: { $addToSet: { tag_ids: { $each: ['tag_vip'] } } } },
    status: 200,
  },
  { method: 'GET', path: '/tags', key: seller, status: 200 },
  { method: 'GET', path: '/tags/tag_vip', key: seller, status: 200 },
  { method: 'GET', path: '/tags/tag_none', key: seller, status: 404 },
  { method: 'GET', path: '/campaigns', key: seller, status: 200 },
  { method: 'GET', path: '/campaigns/cmp_spring', key: seller, status: 200 },
  { method: 'GET', path: '/campaigns/v2', key: seller, status: 200 },
  { method: 'GET', path: '/campaigns/v2/cmp_offer', key: seller, status: 200 },
  {
    method: 'POST',
    path: '/send/sms',
    key: seller,
    body: {
      content: 'Hello',
      cell: '27821000005',
      skipNonContacts: true,
      country: 'ZA',
      deliveryMethod: 'standard',
    },
    status: 200,
  },
  {
    method: 'POST',
    path: '/send/email/bulk',
    key: seller,
    body: {
      from: 'news@seller.example',
      template_id: 'tpl_news',
      destinations: ['ann@example.com'],
      filter_non_contacts: true,
    },
    status: 200,
  },
  {
    method: 'POST',
    path: '/sales',
    key: seller,
    body: [{ campaign_id: 'cmp_spring', cell: '27821000001', soldAt: '2026-11-20' }],
    status: 200,
  },
  {
    method: 'POST',
    path: '/sales',
    key: seller,
    body: [{ campaign_id: 'cmp_spring', cell: '27821000001', soldAt: '2026-11-20' }],
    status: 409,
  },
  {
    method: 'GET',
    path: '/sales/create?key=demo_seller_admin&campaign_id=cmp_spring&cell=27821000006&soldAt=2026-11-21',
    status: 200,
  },
  {
    method: 'POST',
    path: '/exchange/buyer/transaction',
    key: buyer,
    body: [{ resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_offer' }],
    status: 201,
  },
  {
    method: 'GET',
    path: '/exchange/buyer/transaction/create?key=demo_buyer_admin&resource_id=r2&cell=27831110002&campaign_id=cmp_offer',
    status: 201,
  },
  { method: 'POST', path: '/exchange/buyer/transaction/search', key: buyer, body: {}, status: 200 },
  {
    method: 'PUT',
    path: '/exchange/buyer/transaction/tx_none/status',
    key: buyer,
    body: { status: 'rejected' },
    status: 404,
  },
  {
    method: 'POST',
    path: '/compliance/send?campaign_id=cmp_spring',
    key: seller,
    body: { cells: ['27821000000', 'junk'], country: 'ZA' },
    status: 200,
  },
];

describe('Stoplight Prism as a validating proxy in front of the standalone mock', () => {
  let cli: CliProcess;
  let prism: Awaited<ReturnType<typeof startPrism>>;
  let dir: string;
  beforeAll(async () => {
    cli = await startCli(['--quiet']);
    mkdirSync(generatedRoot, { recursive: true });
    dir = mkdtempSync(join(generatedRoot, 'prism-'));
    const documentFile = join(dir, 'openapi.json');
    writeFileSync(documentFile, await (await fetch(`${cli.url}/openapi.json`)).text());
    prism = await startPrism(documentFile, cli.url);
  }, 40_000);
  afterAll(async () => {
    prism?.child.kill('SIGKILL');
    await cli?.stop('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function send(call: Call) {
    const headers: Record<string, string> = {};
    if (call.key) headers.authorization = `Bearer ${call.key}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${prism.url}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    await response.text();
    return { status: response.status, violations: response.headers.get('sl-violations') };
  }

  it('finds no violation in real calls to every endpoint, their errors, a 405, a 429 and a fault’s 503', async () => {
    const found: string[] = [];
    const check = async (call: Call) => {
      const { status, violations } = await send(call);
      expect(status, `${call.method} ${call.path}`).toBe(call.status);
      if (violations) found.push(`${call.method} ${call.path}: ${violations}`);
    };
    for (const call of calls) await check(call);
    // Bulk update's own budget is 5 a minute: the sixth call is a 429 with Retry-After. The
    // windows are fixed minutes of the mock's clock: frozen at the start of a fresh one, the calls
    // cannot straddle two (the call above may have been in either).
    await fetch(`${cli.url}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ freeze: true, advance: '60s' }),
    });
    const bulk = calls.find((c) => c.path === '/contacts/update' && c.method === 'POST')!;
    for (let i = 0; i < 5; i++) await check(bulk);
    await check({ ...bulk, status: 429 });
    // A fault's answer is the declared `default` one.
    await fetch(`${cli.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/tags', status: 503 }),
    });
    await check({ method: 'GET', path: '/tags', key: seller, status: 503 });
    expect(found).toEqual([]);
    // Prism's validator names each violation in its log too; only its own lines count here, since
    // Node or a file watcher may print an unrelated warning on a busy machine.
    const violationLines = prism
      .log()
      .split('\n')
      .filter((line) => /\[VALIDATOR\]|Request terminated with error/.test(line));
    expect(violationLines).toEqual([]);
  }, 30_000);

  it('flags the requests the service refuses for a cross-field rule', async () => {
    const refused: Call[] = [
      { method: 'POST', path: '/contacts/search', key: seller, body: { find: {} }, status: 400 },
      { method: 'POST', path: '/contacts/27821000001/optOut', key: seller, body: {}, status: 400 },
      {
        method: 'GET',
        path: '/sales/create?key=demo_seller_admin&campaign_id=cmp_spring&cell=27821000007&soldAt=krGYpGWQ',
        status: 400,
      },
    ];
    for (const call of refused) {
      const { status, violations } = await send(call);
      expect(status, `${call.method} ${call.path}`).toBe(400);
      expect(JSON.parse(violations ?? '[]')[0]?.location?.[0], `${call.method} ${call.path}`).toBe('request');
    }
    // The form the first test looks for in the log.
    expect(prism.log()).toMatch(/\[VALIDATOR\].*Violation: request/);
  });
});
