import { z } from 'zod';
import { messages } from '../messages.js';
import { TagSchema } from '../schemas/tag.js';
import { defineEndpoint } from './define-endpoint.js';

const tagPath = z.strictObject({ tag_id: z.string().min(1) });
const tagNotFound = { status: 404, error: messages.tagNotFound, when: 'the tag does not exist' } as const;
const free = { kind: 'free' } as const;
const oneUnit = { bucket: 'organisation', units: 1 } as const;

/** The tag endpoints. */
export const tags = {
  list: defineEndpoint({
    id: 'tags.list',
    method: 'GET',
    path: '/tags',
    summary: 'List the organisation’s tags.',
    permission: 'tag.read',
    auth: 'bearer',
    success: { status: 200, data: z.array(TagSchema) },
    errors: [],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
    retrySafe: true,
  }),
  get: defineEndpoint({
    id: 'tags.get',
    method: 'GET',
    path: '/tags/:tag_id',
    summary: 'Get a tag.',
    permission: 'tag.read',
    auth: 'bearer',
    pathParams: tagPath,
    success: { status: 200, data: TagSchema },
    errors: [tagNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
    retrySafe: true,
    resourceChecks: ['tag_ids'],
  }),
  delete: defineEndpoint({
    id: 'tags.delete',
    method: 'DELETE',
    path: '/tags/:tag_id',
    summary: 'Delete a tag, removing it from every contact and campaign that has it.',
    permission: 'tag.delete',
    auth: 'bearer',
    pathParams: tagPath,
    success: { status: 200, data: TagSchema },
    errors: [tagNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
    retrySafe: false,
    resourceChecks: ['tag_ids'],
  }),
} as const;
