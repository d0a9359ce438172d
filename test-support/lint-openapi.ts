import { createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * Validates an OpenAPI document with Redocly's recommended rules, an independent validator, and
 * answers its errors and warnings as `severity rule: message` lines (empty when clean). The licence and 4xx rules are
 * off: the service publishes no licence, and every operation's 4xx responses come from the contract.
 */
export async function openApiErrors(document: unknown): Promise<string[]> {
  const config = await createConfig({
    extends: ['recommended'],
    rules: { 'info-license': 'off', 'operation-4xx-response': 'off' },
  });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
}
