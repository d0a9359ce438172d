import {
  ComplianceBodySchema,
  ComplianceQuerySchema,
  ComplianceResultSchema,
} from '../schemas/compliance.js';
import { campaignNotFound } from './common.js';
import { defineEndpoint } from './define-endpoint.js';
import { routes } from './routes.js';

/** The compliance endpoint. */
export const compliance = {
  checkSend: defineEndpoint({
    ...routes.compliance.checkSend,
    summary: 'Check which of a list of cells may be sent to, optionally against a campaign.',
    description:
      'Without `campaign_id` only global opt-outs are checked; with one, the campaign’s opt-outs and ' +
      'exclusions apply too. Costs 0.14 credits per cell.',
    query: ComplianceQuerySchema,
    body: ComplianceBodySchema,
    success: { status: 200, data: ComplianceResultSchema },
    errors: [campaignNotFound],
    validationErrorStyle: 'message',
    cost: { kind: 'per-cell', credits: 0.14 },
    rateLimit: { bucket: 'organisation', units: 1 },
  }),
} as const;
