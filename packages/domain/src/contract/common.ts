import * as z from 'zod';
import { messages } from '../messages.js';
import { CellPathSchema } from '../schemas/contact-requests.js';
import type { DocumentedError } from './define-endpoint.js';

/** `404 Campaign not found`. */
export const campaignNotFound: DocumentedError = {
  status: 404,
  error: messages.campaignNotFound,
  when: 'the campaign does not exist in the caller’s organisation',
};

/** `400 Invalid cell number` on the routes that name a contact. */
export const invalidCell: DocumentedError = {
  status: 400,
  error: messages.invalidCellNumber,
  when: 'the cell in the path is not a valid cell number',
};

/**
 * The failures of an upload whose `send` option sends a message to each new contact: the
 * campaign it names is unknown, its template is unknown, or the organisation cannot pay.
 */
export const uploadSendErrors: readonly DocumentedError[] = [
  { ...campaignNotFound, when: '`send` names a campaign that does not exist in the caller’s organisation' },
  { status: 400, error: messages.templateNotFound, when: '`send` names a template that does not exist' },
  {
    status: 402,
    error: messages.insufficientBalance,
    when: '`send` sends messages and the organisation cannot pay for them',
  },
];

/** The path of the routes that name one contact. */
export const cellPath = CellPathSchema;

/** The path of the routes that name one campaign. */
export const campaignPath = z.strictObject({ campaign_id: z.string().min(1) });
