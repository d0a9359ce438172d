import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type PactFile } from '../../src/index.js';
import { createNodeServer } from '../../src/node/index.js';
import { type CliProcess, startCli } from '../standalone/cli-process.js';
import { pactCoreProblem, verifyPacts } from './pact-tools.js';

const problem = pactCoreProblem();
const statesFile = fileURLToPath(new URL('pact-states.json', import.meta.url));
const CONTACT = 'contact 27821234567 exists';
const SALE = 'a sale of 2026-11-20 is recorded for 27821234567';

describe.skipIf(problem !== undefined)(
  problem ? `a pact exported from a test run (skipped: ${problem})` : 'a pact exported from a test run',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-export-'));
    const states = JSON.parse(readFileSync(statesFile, 'utf8'));
    // The run is made against the standalone mock; the pact is verified against a fresh mock
    // served over HTTP by the same core and Node transport, in this process.
    let run: CliProcess;
    let freshServer: Server;
    const fresh = { url: '' };

    beforeAll(async () => {
      run = await startCli(['--quiet', '--pact-states', statesFile]);
      freshServer = createNodeServer(createMockService({ pactStates: states, rateLimit: false }));
      await new Promise<void>((resolve) => freshServer.listen(0, '127.0.0.1', resolve));
      fresh.url = `http://127.0.0.1:${(freshServer.address() as AddressInfo).port}`;
    }, 30_000);
    afterAll(async () => {
      freshServer?.closeAllConnections();
      freshServer?.close();
      await run?.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    // A client's test run against the standalone mock, over HTTP as any language would make it.
    async function call(method: string, path: string, body?: unknown) {
      const response = await fetch(`${run.url}${path}`, {
        method,
        headers: {
          authorization: 'Bearer key_a_admin',
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status;
    }
    const setup = (state: string) => call('POST', '/__mock/pact/states', { state, action: 'setup' });

    it('verifies green against a fresh mock, with the states the run set', async () => {
      expect(await setup(CONTACT)).toBe(200);
      expect(await call('GET', '/contacts/27821234567')).toBe(200);
      expect(await call('GET', '/contacts/27820000000')).toBe(404);
      expect(await call('POST', '/contacts/27821234567/optOut', {})).toBe(400);
      expect(await call('PUT', '/contacts/27821234567/tag/add', { tag_ids: ['tag_vip'] })).toBe(200);
      expect(await call('GET', '/campaigns/cmp_1')).toBe(200);
      expect(await call('GET', '/campaigns/cmp_missing')).toBe(404);
      expect(await setup(CONTACT)).toBe(200);
      expect(await call('POST', '/contacts/27821234567/optOut', { campaign_ids: ['cmp_1'] })).toBe(200);
      expect(await setup(SALE)).toBe(200);
      const sale = [{ campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-20' }];
      expect(await call('POST', '/sales', sale)).toBe(409);
      expect(await call('POST', '/sales', sale)).toBe(409);
      // A fault's answer is the test's own doing, not the service's: it is left out.
      await fetch(`${run.url}/__mock/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/tags', status: 503 }),
      });
      expect(await call('GET', '/tags')).toBe(503);

      const response = await fetch(
        `${run.url}/__mock/requests.pact?consumer=crm-sync&provider=marketing-service`,
      );
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="crm-sync-marketing-service.json"',
      );
      const pact = (await response.json()) as PactFile;
      expect(pact.interactions.map((i) => [i.description, i.providerStates?.[0]?.name])).toEqual([
        ['GET /contacts/27821234567 answered 200', CONTACT],
        ['GET /contacts/27820000000 answered 404', CONTACT],
        ['POST /contacts/27821234567/optOut answered 400', CONTACT],
        ['PUT /contacts/27821234567/tag/add answered 200', CONTACT],
        ['GET /campaigns/cmp_1 answered 200', CONTACT],
        ['GET /campaigns/cmp_missing answered 404', CONTACT],
        ['POST /contacts/27821234567/optOut answered 200', CONTACT],
        ['POST /sales answered 409', SALE],
      ]);
      expect(JSON.stringify(pact)).not.toMatch(/authorization|key_a_admin/i);
      const file = join(dir, 'crm-sync-marketing-service.json');
      writeFileSync(file, JSON.stringify(pact, null, 2));

      const outcome = await verifyPacts({
        providerBaseUrl: fresh.url,
        pactUrls: [file],
        stateUrl: `${fresh.url}/__mock/pact/states`,
        headers: { Authorization: 'Bearer key_a_admin' },
      });
      expect(outcome.mismatches).toEqual([]);
      expect(outcome.passed).toBe(true);
    });

    it('verifies green when written in process with mock.pact()', async () => {
      const mock = createMockService({ pactStates: states, rateLimit: false });
      mock.pactStates.setup(CONTACT);
      const headers = { authorization: 'Bearer key_a_admin', 'content-type': 'application/json' };
      await mock.fetch(`${mock.baseUrl}/contacts/27821234567/tag/remove`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ tags: ['VIP'] }),
      });
      await mock.fetch(`${mock.baseUrl}/contacts/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ find: { cell: ['27821234567'] }, projection: { firstname: 1 } }),
      });
      const file = join(dir, 'in-process.json');
      writeFileSync(
        file,
        JSON.stringify(mock.pact({ consumer: 'in-process', provider: 'marketing-service' })),
      );
      const outcome = await verifyPacts({
        providerBaseUrl: fresh.url,
        pactUrls: [file],
        stateUrl: `${fresh.url}/__mock/pact/states`,
        headers: { Authorization: 'Bearer key_a_admin' },
      });
      expect(outcome.mismatches).toEqual([]);
      expect(outcome.passed).toBe(true);
    });
  },
);
