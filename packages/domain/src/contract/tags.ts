import * as z from 'zod';
import { messages } from '../messages.js';
import { TagSchema } from '../schemas/tag.js';
import { defineEndpoint } from './define-endpoint.js';
import { routes } from './routes.js';

const tagPath = z.strictObject({ tag_id: z.string().min(1) });
const tagNotFound = { status: 404, error: messages.tagNotFound, when: 'the tag does not exist' } as const;
const free = { kind: 'free' } as const;
const oneUnit = { bucket: 'organisation', units: 1 } as const;

/** The tag endpoints. */
export const tags = {
  list: defineEndpoint({
    ...routes.tags.list,
    summary: 'List the organisation’s tags.',
    success: { status: 200, data: z.array(TagSchema) },
    errors: [],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  get: defineEndpoint({
    ...routes.tags.get,
    summary: 'Get a tag.',
    pathParams: tagPath,
    success: { status: 200, data: TagSchema },
    errors: [tagNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  delete: defineEndpoint({
    ...routes.tags.delete,
    summary: 'Delete a tag, removing it from every contact and campaign that has it.',
    pathParams: tagPath,
    success: { status: 200, data: TagSchema },
    errors: [tagNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
} as const;
