import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractTypesFile, formatted, generateContractTypes } from '../../../scripts/generate-sdk-types.js';

describe('contract-types.ts', () => {
  it('is what the generator writes from the domain’s schemas today', () => {
    expect(readFileSync(contractTypesFile, 'utf8'), 'run `pnpm generate:sdk-types`').toBe(
      formatted(generateContractTypes()),
    );
  }, 120_000);
});
