import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError, Client } from '@marketing/sdk';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../standalone/cli-process.js';
import { pactCoreProblem, retryPactRace, verifyPacts } from './pact-tools.js';

const problem = pactCoreProblem();
const statesFile = fileURLToPath(new URL('pact-states.json', import.meta.url));
const CONTACT = 'contact 27821234567 exists';
const SALE = 'a sale of 2026-11-20 is recorded for 27821234567';

// What the consumer expects of a call that fails: the SDK's error, with status and error string.
async function failure(call: Promise<unknown>): Promise<{ status: number; error: unknown }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return { status: error.status, error: error.error };
}

// #region consumer-test
const { like, eachLike } = MatchersV3;
// Each interaction has its own Pact mock server, maybe on the port of the last one: a kept-alive
// connection to the last one could fail a POST.
const client = (url: string) =>
  new Client({ apiKey: 'key_a_admin', baseUrl: url, maxRetries: 0, headers: { connection: 'close' } });
const auth = { authorization: like('Bearer key_a_admin') };

/** The web app's expectations of contacts, written to `<dir>/web-app-marketing-service.json`. */
async function contactPact(dir: string) {
  const pact = new PactV4({ consumer: 'web-app', provider: 'marketing-service', dir, logLevel: 'error' });

  await pact
    .addInteraction()
    .given('contact 27821234567 exists')
    .uponReceiving('a request for a contact')
    .withRequest('GET', '/contacts/27821234567', (b) => b.headers(auth))
    .willRespondWith(200, (b) =>
      b.jsonBody({
        ok: true,
        data: like({ cell: '27821234567', firstname: 'Thandi', tag_ids: eachLike('tag_vip') }),
      }),
    )
    .executeTest(async (server) => {
      const contact = await client(server.url).contacts.get('27821234567');
      expect(contact.firstname).toBe('Thandi');
    });

  await pact
    .addInteraction()
    .given('contact 27821234567 exists')
    .uponReceiving('a request for a contact that does not exist')
    .withRequest('GET', '/contacts/27820000000', (b) => b.headers(auth))
    .willRespondWith(404, (b) => b.jsonBody({ ok: false, error: 'Contact not found' }))
    .executeTest(async (server) => {
      const error = await client(server.url)
        .contacts.get('27820000000')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 404, error: 'Contact not found' });
    });
  return pact;
}
// #endregion consumer-test

describe.skipIf(problem !== undefined)(
  problem ? `a consumer pact written with Pact (skipped: ${problem})` : 'a consumer pact written with Pact',
  retryPactRace,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-consumer-'));
    const pactFile = join(dir, 'web-app-marketing-service.json');
    let cli: CliProcess;

    beforeAll(async () => {
      cli = await startCli(['--quiet', '--pact-states', statesFile]);
    }, 30_000);
    afterAll(async () => {
      await cli.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    it('writes a pact for five endpoints, success and error answers', async () => {
      const pact = await contactPact(dir);

      await pact
        .addInteraction()
        .given(CONTACT)
        .uponReceiving('an opt-out from a campaign')
        .withRequest('POST', '/contacts/27821234567/optOut', (b) =>
          b.headers(auth).jsonBody({ campaign_ids: ['cmp_1'] }),
        )
        .willRespondWith(200, (b) =>
          b.jsonBody({ ok: true, data: like({ matchedCount: 1, modifiedCount: 1 }) }),
        )
        .executeTest(async (server) => {
          const result = await client(server.url).contacts.optOut('27821234567', { campaign_ids: ['cmp_1'] });
          expect(result.matchedCount).toBe(1);
        });

      await pact
        .addInteraction()
        .given(CONTACT)
        .uponReceiving('an opt-out naming no campaign')
        .withRequest('POST', '/contacts/27821234567/optOut', (b) => b.headers(auth).jsonBody({}))
        .willRespondWith(400, (b) =>
          b.jsonBody({ ok: false, error: "Must provider either campaign_ids or set 'all' flag to true" }),
        )
        .executeTest(async (server) => {
          const answer = await failure(client(server.url).contacts.optOut('27821234567', {} as never));
          expect(answer.error).toBe("Must provider either campaign_ids or set 'all' flag to true");
        });

      await pact
        .addInteraction()
        .given(CONTACT)
        .uponReceiving('a tag added to a contact')
        .withRequest('PUT', '/contacts/27821234567/tag/add', (b) =>
          b.headers(auth).jsonBody({ tag_ids: ['tag_vip'] }),
        )
        .willRespondWith(200, (b) =>
          b.jsonBody({ ok: true, data: like({ matchedCount: 1, modifiedCount: 0 }) }),
        )
        .executeTest(async (server) => {
          const result = await client(server.url).contacts.addTags('27821234567', { tag_ids: ['tag_vip'] });
          expect(result.matchedCount).toBe(1);
        });

      await pact
        .addInteraction()
        .given(CONTACT)
        .uponReceiving('a tag change naming no tag')
        .withRequest('PUT', '/contacts/27821234567/tag/add', (b) => b.headers(auth).jsonBody({ tag_ids: [] }))
        .willRespondWith(400, (b) => b.jsonBody({ ok: false, error: 'No tags to add/remove' }))
        .executeTest(async (server) => {
          const answer = await failure(client(server.url).contacts.addTags('27821234567', { tag_ids: [] }));
          expect(answer).toEqual({ status: 400, error: 'No tags to add/remove' });
        });

      await pact
        .addInteraction()
        .given(CONTACT)
        .uponReceiving('a request for a campaign')
        .withRequest('GET', '/campaigns/cmp_1', (b) => b.headers(auth))
        .willRespondWith(200, (b) =>
          b.jsonBody({ ok: true, data: like({ _id: 'cmp_1', name: 'Spring', defaultSaleValue: 100 }) }),
        )
        .executeTest(async (server) => {
          const campaign = await client(server.url).campaigns.get('cmp_1');
          expect(campaign.name).toBe('Spring');
        });

      await pact
        .addInteraction()
        .given(CONTACT)
        .uponReceiving('a request for a campaign that does not exist')
        .withRequest('GET', '/campaigns/cmp_missing', (b) => b.headers(auth))
        .willRespondWith(404, (b) => b.jsonBody({ ok: false, error: 'Campaign not found' }))
        .executeTest(async (server) => {
          const answer = await failure(client(server.url).campaigns.get('cmp_missing'));
          expect(answer).toEqual({ status: 404, error: 'Campaign not found' });
        });

      const sale = { campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-20' };
      await pact
        .addInteraction()
        .given(CONTACT)
        .uponReceiving('a sale upload')
        .withRequest('POST', '/sales', (b) => b.headers(auth).jsonBody([sale]))
        .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
        .executeTest(async (server) => {
          await expect(client(server.url).sales.create([sale])).resolves.not.toThrow();
        });

      await pact
        .addInteraction()
        .given(SALE)
        .uponReceiving('a sale uploaded twice')
        .withRequest('POST', '/sales', (b) => b.headers(auth).jsonBody([sale]))
        .willRespondWith(409, (b) => b.jsonBody({ ok: false, error: 'Duplicate sale' }))
        .executeTest(async (server) => {
          const answer = await failure(client(server.url).sales.create([sale]));
          expect(answer).toEqual({ status: 409, error: 'Duplicate sale' });
        });

      const written = JSON.parse(readFileSync(pactFile, 'utf8'));
      expect(written.metadata.pactSpecification.version).toBe('4.0');
      expect(written.interactions).toHaveLength(10);
    });

    it('verifies green against the standalone mock, each interaction from its provider state', async () => {
      const outcome = await verifyPacts({
        providerBaseUrl: cli.url,
        pactUrls: [pactFile],
        stateUrl: `${cli.url}/__mock/pact/states`,
      });
      expect(outcome.mismatches).toEqual([]);
      expect(outcome.passed).toBe(true);
    });

    // A consumer that believes something the service never does: Pact's consumer test passes
    // against Pact's own mock server, and only the verification against the reference mock says so.
    async function wrongPact(consumer: string, expectation: { status: number; body: unknown }) {
      const pact = new PactV4({ consumer, provider: 'marketing-service', dir, logLevel: 'error' });
      const sale = { campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-20' };
      await pact
        .addInteraction()
        .given(SALE)
        .uponReceiving('a sale uploaded twice')
        .withRequest('POST', '/sales', (b) => b.headers(auth).jsonBody([sale]))
        .willRespondWith(expectation.status, (b) => b.jsonBody(expectation.body))
        .executeTest(async (server) => {
          const answer = await failure(client(server.url).sales.create([sale]));
          expect(answer.status).toBe(expectation.status);
        });
      return verifyPacts({
        providerBaseUrl: cli.url,
        pactUrls: [join(dir, `${consumer}-marketing-service.json`)],
        stateUrl: `${cli.url}/__mock/pact/states`,
      });
    }

    it('fails verification of a wrong error string, naming what the mock answered', async () => {
      const outcome = await wrongPact('wrong-error-app', {
        status: 409,
        body: { ok: false, error: 'Sale already recorded' },
      });
      expect(outcome.passed).toBe(false);
      expect(outcome.mismatches).toEqual([
        `Verifying a pact between wrong-error-app and marketing-service Given ${SALE} - a sale uploaded twice: ` +
          "$.error -> Expected 'Duplicate sale' (String) to be equal to 'Sale already recorded' (String)",
      ]);
    });

    it('fails verification of a status the service never sends, naming both statuses', async () => {
      const outcome = await wrongPact('wrong-status-app', {
        status: 400,
        body: { ok: false, error: 'Duplicate sale' },
      });
      expect(outcome.passed).toBe(false);
      expect(outcome.mismatches).toEqual([
        `Verifying a pact between wrong-status-app and marketing-service Given ${SALE} - a sale uploaded twice: ` +
          'expected 400 but was 409',
      ]);
    });
  },
);
