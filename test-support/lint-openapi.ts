import { createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * Validates an OpenAPI document with Redocly's `recommended` rules as they are, an independent
 * validator, and answers its errors and warnings as `severity rule: message at pointer` lines
 * (empty when clean).
 */
export async function openApiErrors(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems.map(
    (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? 'the document'}`,
  );
}
