import { createRequire } from 'node:module';
import { Verifier } from '@pact-foundation/pact';

// Pact's own verifier and pact writer live in its native core (pact_ffi), loaded from a platform
// package such as @pact-foundation/pact-core-linux-x64-glibc. Where none fits, the Pact tests
// skip and say why; anywhere it loads, they run.
process.env.PACT_DO_NOT_TRACK = 'true';

/**
 * Why Pact's native core cannot load here, or `undefined` when it loads. Importing Pact does not
 * load it; writing or verifying a pact does.
 */
export function pactCoreProblem(): string | undefined {
  try {
    const fromPact = createRequire(createRequire(import.meta.url).resolve('@pact-foundation/pact'));
    const ffi = fromPact('@pact-foundation/pact-core/src/ffi') as {
      getFfiLib(logLevel?: string): { pactffiVersion(): string };
    };
    ffi.getFfiLib('error').pactffiVersion();
    return undefined;
  } catch (error) {
    return `the Pact native core cannot load on ${process.platform}-${process.arch}: ${
      error instanceof Error ? error.message.split('\n')[0] : String(error)
    }`;
  }
}

/** What a verification found: passed, or the verifier's report and each mismatch it names. */
export interface VerifyOutcome {
  passed: boolean;
  /** `interaction: path -> what differs`, one per mismatch, as the verifier words it. */
  mismatches: string[];
  report: string;
}

interface VerifierReport {
  errors?: {
    interaction: string;
    mismatch?: { mismatches?: { mismatch: string; path?: string }[]; message?: string };
  }[];
}

function mismatchesOf(report: string): string[] {
  let parsed: VerifierReport;
  try {
    parsed = JSON.parse(report) as VerifierReport;
  } catch {
    return [report];
  }
  return (parsed.errors ?? []).flatMap(({ interaction, mismatch }) =>
    (mismatch?.mismatches ?? [{ mismatch: mismatch?.message ?? 'failed' }]).map(
      (m) => `${interaction}: ${m.path ? `${m.path} -> ` : ''}${m.mismatch}`,
    ),
  );
}

/**
 * Verifies pact files against a running provider with Pact's own `Verifier`, as a provider team
 * would: provider states posted to `stateUrl`, `headers` added to every request.
 */
export async function verifyPacts(options: {
  providerBaseUrl: string;
  pactUrls: string[];
  stateUrl?: string;
  headers?: Record<string, string>;
}): Promise<VerifyOutcome> {
  const verifier = new Verifier({
    provider: 'marketing-service',
    providerBaseUrl: options.providerBaseUrl,
    pactUrls: options.pactUrls,
    ...(options.stateUrl ? { providerStatesSetupUrl: options.stateUrl } : {}),
    ...(options.headers ? { customProviderHeaders: options.headers } : {}),
    logLevel: 'error',
  });
  try {
    const report = await verifier.verifyProvider();
    return { passed: true, mismatches: [], report: String(report) };
  } catch (error) {
    const report = error instanceof Error ? error.message : String(error);
    return { passed: false, mismatches: mismatchesOf(report), report };
  }
}

/**
 * Test options for a test whose Pact consumer interactions run Pact's own mock server. Pact JS
 * 16.3 to 16.5 (the last for Node 20) can report a request it received and answered as "expected
 * but not received" when the machine is busy: its mock server records the match on another task
 * after answering (pact-foundation/pact-core-mock-server#13). Seen in this suite with two test
 * files at a time; a second try is the upstream advice until the fix ships for Node 20.
 */
export const retryPactRace = { retry: 2 } as const;
