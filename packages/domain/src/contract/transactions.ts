import { z } from 'zod';
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
    id: 'transactions.create',
    method: 'POST',
    path: '/exchange/buyer/transaction',
    summary: 'Submit 1 to 1000 leads against the caller’s marketplace offers.',
    description:
      'Each lead lands on a status by the duplicate (7 days) and cap rules. A batch is validated whole; ' +
      '`resource_id` makes a repeated submission create nothing new.',
    permission: 'marketplace_transaction.create',
    auth: 'bearer',
    body: LeadBatchSchema,
    success: { status: 201, data: z.literal(messages.leadsSubmitted) },
    errors: [leadIssues, noMatchingOffer],
    validationErrorStyle: 'lead-issues',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
    retrySafe: true,
  }),
  createByPostback: defineEndpoint({
    id: 'transactions.createByPostback',
    method: 'GET',
    path: '/exchange/buyer/transaction/create',
    summary: 'Submit one lead from a postback URL; the API key is the `key` query parameter.',
    permission: 'marketplace_transaction.create',
    auth: 'query-key',
    query: LeadPostbackQuerySchema,
    success: { status: 201, data: z.literal(messages.leadsSubmitted) },
    errors: [leadIssues, noMatchingOffer],
    validationErrorStyle: 'lead-issues',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
    retrySafe: true,
  }),
  updateStatus: defineEndpoint({
    id: 'transactions.updateStatus',
    method: 'PUT',
    path: '/exchange/buyer/transaction/:id/status',
    summary: 'Accept (`completed`) or reject a pending transaction.',
    description: 'Accepting moves the credits: the buyer pays the offer price and the seller is credited.',
    permission: 'marketplace_transaction.create',
    auth: 'bearer',
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
    retrySafe: false,
  }),
  search: defineEndpoint({
    id: 'transactions.search',
    method: 'POST',
    path: '/exchange/buyer/transaction/search',
    summary: 'Search the caller’s transactions, oldest first.',
    permission: 'marketplace_transaction.create',
    auth: 'bearer',
    body: TransactionSearchBodySchema,
    success: { status: 200, data: z.array(LeadTransactionSchema) },
    errors: [],
    validationErrorStyle: 'message',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
    retrySafe: true,
  }),
} as const;
