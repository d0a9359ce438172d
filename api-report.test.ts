import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { apiReport } from './api-report.js';

const reportFile = new URL('./api-report.md', import.meta.url);

it('exports exactly the names api-report.md lists, so the public surface changes only on purpose', () => {
  const report = apiReport();
  if (process.env.UPDATE_API_REPORT) writeFileSync(reportFile, report);
  expect(report, 'the public surface changed: review it, then UPDATE_API_REPORT=1').toBe(
    readFileSync(reportFile, 'utf8'),
  );
}, 60_000);
