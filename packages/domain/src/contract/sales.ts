import * as z from 'zod';
import { messages } from '../messages.js';
import { SaleSchema, SOLD_AT_PATTERN } from '../schemas/sale.js';
import { campaignNotFound } from './common.js';
import { defineEndpoint } from './define-endpoint.js';
import { routes } from './routes.js';

const duplicateSale = {
  status: 409,
  error: messages.duplicateSale,
  when: 'a sale with the same cell, campaign and `soldAt` date exists, or the batch repeats one',
} as const;
const invalidSale = {
  status: 400,
  error: z.string(),
  when: 'a record is invalid; the message names its index',
} as const;
const oneUnit = { bucket: 'organisation', units: 1 } as const;

/**
 * The query of the sales postback: the API key, then one sale's fields as strings.
 * `saleValue` is a decimal number.
 */
export const SalePostbackQuerySchema = z.strictObject({
  key: z.string().min(1),
  campaign_id: z.string().min(1),
  send_id: z.string().optional(),
  click_id: z.string().optional(),
  cell: z.string().min(1),
  // The handler checks the value with SaleSchema, so that its message names the record (`Sale 0:
  // soldAt: ...`); the pattern tells the document the same rule.
  soldAt: z.string().meta({ pattern: SOLD_AT_PATTERN.source }).optional(),
  saleValue: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'Expected a non-negative number')
    .optional(),
});

/** The sales endpoints. */
export const sales = {
  create: defineEndpoint({
    ...routes.sales.create,
    summary: 'Upload sales attributed to campaigns. The batch is stored whole or not at all.',
    body: z.array(SaleSchema).min(1),
    upload: true,
    success: { status: 200 },
    errors: [campaignNotFound, duplicateSale, invalidSale],
    validationErrorStyle: 'message',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
  }),
  createByPostback: defineEndpoint({
    ...routes.sales.createByPostback,
    summary: 'Record one sale from a postback URL; the API key is the `key` query parameter.',
    query: SalePostbackQuerySchema,
    success: { status: 200 },
    errors: [campaignNotFound, duplicateSale, invalidSale],
    validationErrorStyle: 'message',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
  }),
} as const;
