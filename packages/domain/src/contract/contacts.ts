import { errorCodes, messages } from '../messages.js';
import { ContactSchema } from '../schemas/contact.js';
import {
  BulkUpdateBodySchema,
  BulkUpdateResultSchema,
  ContactSearchBodySchema,
  ContactSearchResultSchema,
  CreateContactsBodySchema,
  MatchResultSchema,
  OptOutBodySchema,
  OptOutCampaignBodySchema,
  TagChangeBodySchema,
  UploadResultSchema,
  UpsertContactsBodySchema,
} from '../schemas/contact-requests.js';
import {
  ResourceErrorSchema,
  ValidationErrorObjectSchema,
  ValidationIssueListSchema,
} from '../schemas/errors.js';
import { cellPath, invalidCell, uploadSendErrors } from './common.js';
import { defineEndpoint } from './define-endpoint.js';
import { routes } from './routes.js';

const contactNotFound = {
  status: 404,
  error: messages.contactNotFound,
  when: 'no contact has this cell',
} as const;
const noTags = {
  status: 400,
  error: messages.noTagsToChange,
  when: 'no tags were given, or none of them exists',
} as const;
const free = { kind: 'free' } as const;
const oneUnit = { bucket: 'organisation', units: 1 } as const;

/** The contact endpoints. */
export const contacts = {
  get: defineEndpoint({
    ...routes.contacts.get,
    summary: 'Get a contact by cell number.',
    pathParams: cellPath,
    success: { status: 200, data: ContactSchema },
    errors: [invalidCell, contactNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  search: defineEndpoint({
    ...routes.contacts.search,
    summary: 'Search contacts by cell, tags and update time.',
    description:
      'Returns `_id` and the projected fields of each match, in ascending `_id` order, a page at a time ' +
      '(`options.limit` default 100, maximum 10,000). Costs 10 credits per request.',
    body: ContactSearchBodySchema,
    success: { status: 200, data: ContactSearchResultSchema },
    errors: [
      { status: 400, error: ValidationIssueListSchema, when: 'the body is invalid' },
      {
        status: 403,
        error: ResourceErrorSchema,
        when: `the key may not read some of the named tags (code \`${errorCodes.searchInsufficientResourceIds}\`)`,
      },
    ],
    validationErrorStyle: 'issue-list',
    cost: { kind: 'per-request', credits: 10 },
    rateLimit: oneUnit,
  }),
  delete: defineEndpoint({
    ...routes.contacts.delete,
    summary: 'Delete a contact.',
    pathParams: cellPath,
    success: { status: 200 },
    errors: [invalidCell, contactNotFound],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  optOut: defineEndpoint({
    ...routes.contacts.optOut,
    summary: 'Opt a contact out of campaigns, or of all of them.',
    description:
      'Has exactly the effect of an opt-out reply. A missing contact matches nothing unless `create_missing_contact`, which also needs the `contact.create` permission. A key restricted to some campaigns may still opt a contact out of all of them with `all: true`.',
    pathParams: cellPath,
    body: OptOutBodySchema,
    success: { status: 200, data: MatchResultSchema },
    errors: [
      invalidCell,
      {
        status: 400,
        error: messages.optOutTargetRequired,
        when: 'neither `campaign_ids` nor `all: true` is given',
      },
    ],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  optOutCampaign: defineEndpoint({
    ...routes.contacts.optOutCampaign,
    summary: 'Opt a contact out of one campaign.',
    pathParams: cellPath,
    body: OptOutCampaignBodySchema,
    success: { status: 200, data: MatchResultSchema },
    errors: [invalidCell],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  addTags: defineEndpoint({
    ...routes.contacts.addTags,
    summary: 'Add tags to a contact, by ID or name.',
    description:
      'Unknown tags are dropped. `create_missing_contact` creates the contact when it is missing; it also needs the `contact.create` permission.',
    pathParams: cellPath,
    body: TagChangeBodySchema,
    success: { status: 200, data: MatchResultSchema },
    errors: [invalidCell, noTags],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  removeTags: defineEndpoint({
    ...routes.contacts.removeTags,
    summary: 'Remove tags from a contact, by ID or name.',
    pathParams: cellPath,
    body: TagChangeBodySchema,
    success: { status: 200, data: MatchResultSchema },
    errors: [invalidCell, noTags],
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: oneUnit,
  }),
  create: defineEndpoint({
    ...routes.contacts.create,
    summary: 'Upload new contacts (at most 100,000); existing ones are reported as invalid rows.',
    description:
      'Draws 1 rate-limit unit per started 1,000 contacts. Invalid rows are reported, valid rows stored.',
    body: CreateContactsBodySchema,
    upload: true,
    success: { status: 200, data: UploadResultSchema },
    errors: uploadSendErrors,
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: { bucket: 'organisation', unitsPerStartedThousandContacts: 1 },
  }),
  upsert: defineEndpoint({
    ...routes.contacts.upsert,
    summary: 'Upload contacts (at most 20,000), creating new ones and updating existing ones.',
    description: 'Draws 5 rate-limit units per started 1,000 contacts.',
    body: UpsertContactsBodySchema,
    upload: true,
    success: { status: 200, data: UploadResultSchema },
    errors: uploadSendErrors,
    validationErrorStyle: 'message',
    cost: free,
    rateLimit: { bucket: 'organisation', unitsPerStartedThousandContacts: 5 },
  }),
  bulkUpdate: defineEndpoint({
    ...routes.contacts.bulkUpdate,
    summary: 'Add or remove tags, or dedupe against campaigns, on every contact a filter matches.',
    description: 'Heavily rate limited: 5 requests per minute per organisation.',
    body: BulkUpdateBodySchema,
    success: { status: 200, data: BulkUpdateResultSchema },
    errors: [
      { status: 400, error: ValidationErrorObjectSchema, when: 'the body is invalid' },
      {
        status: 403,
        error: ResourceErrorSchema,
        when: `the key may not touch some of the named tags or campaigns (code \`${errorCodes.insufficientResourceIds}\`)`,
      },
    ],
    validationErrorStyle: 'issue-object',
    cost: free,
    rateLimit: { bucket: 'bulk-update', units: 1 },
  }),
} as const;
