import * as z from 'zod';
import { boundedList, IsoDateTime } from '../primitives.js';

/** The default contact fields: optional strings, named exactly as the service names them. */
export const contactDefaultFields = [
  'firstname',
  'lastname',
  'idnumber',
  'email',
  'gross_income',
  'household_income',
  'date_of_birth',
  'car_ownership',
  'gender',
  'employment_status',
  'job_title',
  'country',
  'province_or_state',
  'city',
  'postal_code',
  'credit_score',
  'lead_source',
  'opt_in_status',
  'preferred_contact_method',
  'signup_date',
  'customer_status',
  'parental_status',
  'relationship_status',
  'education_level',
  'home_ownership_status',
] as const;

/** The custom field ids `c1` to `c10`; each organisation types them (string, number, boolean, date). */
export const customFieldIds = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10'] as const;

/** A custom field id, `c1` to `c10`. */
export type CustomFieldId = (typeof customFieldIds)[number];

/** The value of a custom field: its type depends on the organisation's definition of the field. */
export const CustomFieldValue = z.union([z.string(), z.number(), z.boolean()]);

const defaultFieldShape = Object.fromEntries(contactDefaultFields.map((f) => [f, z.string().optional()])) as {
  [K in (typeof contactDefaultFields)[number]]: z.ZodOptional<z.ZodString>;
};
const customFieldShape = Object.fromEntries(customFieldIds.map((f) => [f, CustomFieldValue.optional()])) as {
  [K in CustomFieldId]: z.ZodOptional<typeof CustomFieldValue>;
};

/**
 * A contact, identified within its organisation by its cell number (MSISDN).
 *
 * `global_opt_out` is this project's record of `all: true` opt-outs: the contact is opted out of
 * every existing and future campaign.
 */
export const ContactSchema = z.object({
  _id: z.string(),
  cell: z.string().regex(/^\d+$/, 'Expected an MSISDN: digits only'),
  ...defaultFieldShape,
  ...customFieldShape,
  tag_ids: z.array(z.string()),
  validated: z.object({ at: IsoDateTime.optional(), reachable: z.boolean().optional() }).optional(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  deduped_campaign_ids: z.array(z.string()),
  global_opt_out: z.boolean().optional(),
});
/** A contact. */
export type Contact = z.infer<typeof ContactSchema>;

/** Every field name of a contact, as `projection` accepts them. */
export const ContactFieldName = z.enum(
  Object.keys(ContactSchema.shape) as [keyof Contact, ...(keyof Contact)[]],
);
/** A contact field name. */
export type ContactFieldName = z.infer<typeof ContactFieldName>;

/**
 * A contact as search returns it: `_id` always, other fields only when projected.
 */
export const ProjectedContactSchema = ContactSchema.partial().required({ _id: true });
/** A contact as search returns it. */
export type ProjectedContact = z.infer<typeof ProjectedContactSchema>;

/**
 * One row of a contact upload (POST or PUT `/contacts`). Field names are exact: there is no
 * mapping, so an unknown field makes the row invalid. `tags` are tag names, created when missing.
 */
export const UploadContactSchema = z.strictObject({
  cell: z.string(),
  ...defaultFieldShape,
  ...customFieldShape,
  tag_ids: boundedList(z.string()).optional(),
  tags: boundedList(z.string().min(1)).optional(),
});
/** One row of a contact upload. */
export type UploadContact = z.infer<typeof UploadContactSchema>;
