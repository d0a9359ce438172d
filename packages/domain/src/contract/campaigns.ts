import * as z from 'zod';
import { CampaignSchema } from '../schemas/campaign.js';
import { CampaignV2Schema } from '../schemas/campaign-v2.js';
import { campaignNotFound, campaignPath } from './common.js';
import { defineEndpoint } from './define-endpoint.js';
import { routes } from './routes.js';

const free = { kind: 'free' } as const;
const oneUnit = { bucket: 'organisation', units: 1 } as const;

/** The endpoints of the original campaign model. */
export const campaigns = {
  list: defineEndpoint({
    ...routes.campaigns.list,
    summary: 'List the organisation’s campaigns (original model).',
    success: { status: 200, data: z.array(CampaignSchema) },
    errors: [],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  get: defineEndpoint({
    ...routes.campaigns.get,
    summary: 'Get a campaign (original model).',
    pathParams: campaignPath,
    success: { status: 200, data: CampaignSchema },
    errors: [campaignNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
} as const;

/** The endpoints of Campaigns V2. They return full records and take no `format` parameter. */
export const campaignsV2 = {
  list: defineEndpoint({
    ...routes.campaignsV2.list,
    summary: 'List the organisation’s V2 campaigns, in full.',
    success: { status: 200, data: z.array(CampaignV2Schema) },
    errors: [],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  get: defineEndpoint({
    ...routes.campaignsV2.get,
    summary: 'Get a V2 campaign, in full.',
    pathParams: campaignPath,
    success: { status: 200, data: CampaignV2Schema },
    errors: [campaignNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
} as const;
