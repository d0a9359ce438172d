import * as z from 'zod';
import { messages } from '../messages.js';
import { SendEmailBulkBodySchema, SendSmsBodySchema, SendSmsResultSchema } from '../schemas/send-requests.js';
import { defineEndpoint } from './define-endpoint.js';
import { routes } from './routes.js';

const oneUnit = { bucket: 'organisation', units: 1 } as const;

/** The send endpoints. */
export const send = {
  sms: defineEndpoint({
    ...routes.send.sms,
    summary: 'Send one SMS, optionally attributed to a campaign so that replies fire its hooks.',
    description:
      'Costs its part count times the delivery method’s price per part. Non-contacts (with ' +
      '`skipNonContacts`) and contacts opted out of the campaign are skipped at no cost. ' +
      '`sendOptions.testMode` prices the send without sending or charging.',
    body: SendSmsBodySchema,
    success: { status: 200, data: SendSmsResultSchema },
    errors: [
      {
        status: 400,
        error: z.string(),
        when: 'the send fails: invalid cell, templates for a non-contact, too many SMS parts, unknown campaign',
      },
    ],
    validationErrorStyle: 'message',
    cost: { kind: 'per-sms-part', credits: { standard: 1, reverse: 1.5, transactional: 2 } },
    rateLimit: oneUnit,
  }),
  emailBulk: defineEndpoint({
    ...routes.send.emailBulk,
    summary: 'Send a template email to many addresses, now or at `to_start_at`.',
    body: SendEmailBulkBodySchema,
    success: { status: 200, data: z.object({}) },
    errors: [
      { status: 400, error: messages.templateNotFound, when: 'the template does not exist' },
      { status: 400, error: z.string(), when: 'the send fails' },
    ],
    validationErrorStyle: 'message',
    cost: { kind: 'free' },
    rateLimit: oneUnit,
  }),
} as const;
