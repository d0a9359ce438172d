import { z } from 'zod';
import { CampaignSchema } from '../schemas/campaign.js';
import { CampaignV2Schema } from '../schemas/campaign-v2.js';
import { campaignNotFound, campaignPath } from './common.js';
import { defineEndpoint } from './define-endpoint.js';

const free = { kind: 'free' } as const;
const oneUnit = { bucket: 'organisation', units: 1 } as const;

/** The endpoints of the original campaign model. */
export const campaigns = {
  list: defineEndpoint({
    id: 'campaigns.list',
    method: 'GET',
    path: '/campaigns',
    summary: 'List the organisation’s campaigns (original model).',
    permission: 'campaign.read.config',
    auth: 'bearer',
    success: { status: 200, data: z.array(CampaignSchema) },
    errors: [],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
    retrySafe: true,
  }),
  get: defineEndpoint({
    id: 'campaigns.get',
    method: 'GET',
    path: '/campaigns/:campaign_id',
    summary: 'Get a campaign (original model).',
    permission: 'campaign.read.config',
    auth: 'bearer',
    pathParams: campaignPath,
    success: { status: 200, data: CampaignSchema },
    errors: [campaignNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
    retrySafe: true,
    resourceChecks: ['campaign_ids'],
  }),
} as const;

/** The endpoints of Campaigns V2. They return full records and take no `format` parameter. */
export const campaignsV2 = {
  list: defineEndpoint({
    id: 'campaignsV2.list',
    method: 'GET',
    path: '/campaigns/v2',
    summary: 'List the organisation’s V2 campaigns, in full.',
    permission: 'campaign.read.config',
    auth: 'bearer',
    success: { status: 200, data: z.array(CampaignV2Schema) },
    errors: [],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
    retrySafe: true,
  }),
  get: defineEndpoint({
    id: 'campaignsV2.get',
    method: 'GET',
    path: '/campaigns/v2/:campaign_id',
    summary: 'Get a V2 campaign, in full.',
    permission: 'campaign.read.config',
    auth: 'bearer',
    pathParams: campaignPath,
    success: { status: 200, data: CampaignV2Schema },
    errors: [campaignNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
    retrySafe: true,
    resourceChecks: ['campaign_ids'],
  }),
} as const;
