import {
  ComplianceBodySchema,
  ComplianceQuerySchema,
  ComplianceResultSchema,
} from '../schemas/compliance.js';
import { campaignNotFound } from './common.js';
import { defineEndpoint } from './define-endpoint.js';

/** The compliance endpoint. */
export const compliance = {
  checkSend: defineEndpoint({
    id: 'compliance.checkSend',
    method: 'POST',
    path: '/compliance/send',
    summary: 'Check which of a list of cells may be sent to, optionally against a campaign.',
    description:
      'Without `campaign_id` only global opt-outs are checked; with one, the campaign’s opt-outs and ' +
      'exclusions apply too. Costs 0.14 credits per cell.',
    permission: 'compliance:send.create',
    auth: 'bearer',
    query: ComplianceQuerySchema,
    body: ComplianceBodySchema,
    success: { status: 200, data: ComplianceResultSchema },
    errors: [campaignNotFound],
    validationErrorStyle: 'message',
    cost: { kind: 'per-cell', credits: 0.14 },
    rateLimit: { bucket: 'organisation', units: 1 },
    retrySafe: true,
    resourceChecks: ['campaign_ids'],
  }),
} as const;
