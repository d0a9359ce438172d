import * as z from 'zod';
import { messages } from '../messages.js';
import { LeadIssueListSchema } from '../schemas/errors.js';
import {
  LeadBatchSchema,
  TransactionSearchBodySchema,
  TransactionStatusBodySchema,
} from '../schemas/lead-requests.js';
import { LeadTransactionSchema } from '../schemas/lead-transaction.js';
import { LeadStatus } from '../schemas/offer.js';
import { defineEndpoint } from './define-endpoint.js';
import { routes } from './routes.js';

const noMatchingOffer = {
  status: 404,
  error: messages.noMatchingOfferPrefix,
  prefix: true,
  when: 'some leads match no marketplace offer of the caller; the message lists their resource_ids',
} as const;
const leadIssues = {
  status: 400,
  error: LeadIssueListSchema,
  when: 'some leads have no or several matchback IDs, or a bad field',
} as const;
const oneUnit = { bucket: 'organisation', units: 1 } as const;

/** The query of the lead postback: the API key, then one lead's fields. */
export const LeadPostbackQuerySchema = z.strictObject({
  key: z.string().min(1),
  resource_id: z.string().min(1),
  cell: z.string().min(1),
  campaign_id: z.string().min(1).optional(),
  send_id: z.string().min(1).optional(),
  click_id: z.string().min(1).optional(),
  status: LeadStatus.optional(),
});

/** The marketplace buyer's transaction endpoints. */
export const transactions = {
  create: defineEndpoint({
    ...routes.transactions.create,
    summary: 'Submit 1 to 1000 leads against the caller’s marketplace offers.',
    description:
      'Each lead lands on a status by the duplicate (7 days) and cap rules. A batch is validated whole; ' +
      '`resource_id` makes a repeated submission create nothing new.',
    body: LeadBatchSchema,
    upload: true,
    success: { status: 201, data: z.literal(messages.leadsSubmitted) },
    errors: [leadIssues, noMatchingOffer],
    validationErrorStyle: 'lead-issues',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
  }),
  createByPostback: defineEndpoint({
    ...routes.transactions.createByPostback,
    summary: 'Submit one lead from a postback URL; the API key is the `key` query parameter.',
    query: LeadPostbackQuerySchema,
    success: { status: 201, data: z.literal(messages.leadsSubmitted) },
    errors: [leadIssues, noMatchingOffer],
    validationErrorStyle: 'lead-issues',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
  }),
  updateStatus: defineEndpoint({
    ...routes.transactions.updateStatus,
    summary: 'Accept (`completed`) or reject a pending transaction.',
    description: 'Accepting moves the credits: the buyer pays the offer price and the seller is credited.',
    pathParams: z.strictObject({ id: z.string().min(1) }),
    body: TransactionStatusBodySchema,
    success: { status: 200, data: LeadTransactionSchema },
    errors: [
      { status: 404, error: messages.transactionNotFound, when: 'no transaction of the caller has this id' },
      {
        status: 409,
        error: messages.transactionNotPending,
        when: 'the transaction is completed or rejected',
      },
    ],
    validationErrorStyle: 'message',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
  }),
  search: defineEndpoint({
    ...routes.transactions.search,
    summary: 'Search the caller’s transactions, oldest first.',
    body: TransactionSearchBodySchema,
    success: { status: 200, data: z.array(LeadTransactionSchema) },
    errors: [],
    validationErrorStyle: 'message',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
  }),
} as const;
