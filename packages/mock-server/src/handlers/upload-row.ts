import {
  contactDefaultFields,
  customFieldIds,
  describeIssue,
  toValidationIssues,
  type UploadContact,
  UploadContactSchema,
} from '@marketing/domain';
import { type FieldCheck, fieldChecks, isPlainRow } from '../store/plain-row.js';

const uploadRowChecks = new Map<string, FieldCheck>([
  ['cell', fieldChecks.string],
  ...contactDefaultFields.map((f) => [f, fieldChecks.string] as const),
  ...customFieldIds.map((f) => [f, fieldChecks.customValue] as const),
  ['tag_ids', fieldChecks.boundedStrings],
  ['tags', fieldChecks.boundedNonEmptyStrings],
]);

/**
 * Checks one row of a contact upload against the upload row schema: the row, or the first issue
 * in words (`cell: Expected a string`). A plain row of known, well-typed fields is taken as it is.
 */
export function parseUploadRow(raw: unknown): { row: UploadContact } | { issue: string } {
  if (isPlainRow(raw, uploadRowChecks) && raw.cell !== undefined) return { row: raw as UploadContact };
  const parsed = UploadContactSchema.safeParse(raw);
  if (!parsed.success) return { issue: describeIssue(toValidationIssues(parsed.error.issues)[0]!) };
  return { row: parsed.data };
}
