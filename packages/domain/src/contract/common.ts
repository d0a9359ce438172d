import { z } from 'zod';
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

/** The path of the routes that name one contact. */
export const cellPath = CellPathSchema;

/** The path of the routes that name one campaign. */
export const campaignPath = z.strictObject({ campaign_id: z.string().min(1) });
