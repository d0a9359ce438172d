import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PactFile } from '../../src/index.js';
import { type CliProcess, startCli } from '../standalone/cli-process.js';
import { pactCoreProblem, retryPactRace } from './pact-tools.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const guide = readFileSync(join(root, 'docs/contract-testing.md'), 'utf8');
const blocks = (language: string) =>
  [...guide.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!.trim());
const statesFile = fileURLToPath(new URL('pact-states.json', import.meta.url));
const problem = pactCoreProblem();

describe('the contract-testing guide', () => {
  it('shows the states file the tests use', () => {
    expect(JSON.parse(blocks('json')[0]!)).toEqual(JSON.parse(readFileSync(statesFile, 'utf8')));
  });

  describe.skipIf(problem !== undefined)(
    problem ? `its commands (skipped: ${problem})` : 'its commands',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'contract-guide-'));
      let cli: CliProcess;
      beforeAll(async () => {
        cli = await startCli(['--quiet', '--pact-states', statesFile]);
      }, 30_000);
      afterAll(async () => {
        await cli.stop('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      });

      // A shell command of the guide as a user runs it: in their directory, with the project's
      // tools (pact-verifier) on the PATH, against the mock the guide starts on port 4010.
      function run(command: string): string {
        const port = new URL(cli.url).port;
        const local = command
          .replaceAll('http://127.0.0.1:4010', cli.url)
          .replaceAll('--port 4010', `--port ${port}`);
        return execFileSync('sh', ['-c', local], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH}` },
        });
      }
      const commands = blocks('sh');

      it('starts the mock with the states file', () => {
        expect(commands[0]!.split('\n')[0]).toBe(
          'node marketing-mock.mjs --port 4010 --pact-states pact-states.json --ready-file mock.ready > mock.log 2>&1 &',
        );
        // The verifier waits for the ready file: started at once, it could find nothing listening.
        expect(commands[0]).toContain('[ -s mock.ready ] && break');
      });

      it('registers a state with curl', () => {
        expect(JSON.parse(run(commands[1]!))).toEqual({
          ok: true,
          data: { state: 'contact 27821234567 exists' },
        });
      });

      it('verifies a consumer pact with the pact-verifier command', retryPactRace, async () => {
        const pact = new PactV4({
          consumer: 'web-app',
          provider: 'marketing-service',
          dir: join(dir, 'pacts'),
        });
        await pact
          .addInteraction()
          .given('contact 27821234567 exists')
          .uponReceiving('a request for a contact')
          .withRequest('GET', '/contacts/27821234567', (b) =>
            b.headers({ authorization: MatchersV3.like('Bearer key_a_admin') }),
          )
          .willRespondWith(200, (b) =>
            b.jsonBody({ ok: true, data: MatchersV3.like({ firstname: 'Thandi' }) }),
          )
          .executeTest(async (server) => {
            const response = await fetch(`${server.url}/contacts/27821234567`, {
              headers: { authorization: 'Bearer key_a_admin' },
            });
            expect(response.status).toBe(200);
          });
        expect(run(commands[2]!)).toContain('a request for a contact');
      });

      it('exports the run as a pact with curl, and verifies it with the run’s key', () => {
        mkdirSync(join(dir, 'pacts'), { recursive: true });
        run(commands[3]!);
        const pact = JSON.parse(
          readFileSync(join(dir, 'pacts/crm-sync-marketing-service.json'), 'utf8'),
        ) as PactFile;
        // The verifier's own requests of the previous step, in the state it set up.
        expect(pact.interactions.map((i) => [i.description, i.providerStates])).toEqual([
          ['GET /contacts/27821234567 answered 200', [{ name: 'contact 27821234567 exists' }]],
        ]);
        expect(run(commands[4]!)).toContain('GET /contacts/27821234567 answered 200');
      });

      it('fails the verifier command when the provider answers otherwise, exiting non-zero', () => {
        const changed = commands[4]!.replace('Bearer key_a_admin', 'Bearer not_a_key');
        let failure: { status: number; stdout: string } | undefined;
        try {
          run(changed);
        } catch (error) {
          failure = error as { status: number; stdout: string };
        }
        expect(failure?.status).not.toBe(0);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the verifier colours its report
        expect(failure?.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toContain('expected 200 but was 401');
      });
    },
  );
});
