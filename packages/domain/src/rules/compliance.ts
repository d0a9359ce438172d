import { compliance } from '../contract/compliance.js';
import type { ComplianceReason, ComplianceResultEntry } from '../schemas/compliance.js';
import type { Contact } from '../schemas/contact.js';
import type { Targeting } from './targeting.js';

/** Credits a compliance check costs per cell: the contract's `POST /compliance/send` cost. */
export const COMPLIANCE_CREDITS_PER_CELL: number = compliance.checkSend.cost.credits;

/**
 * The credits a compliance check of `cells` cells costs, rounded to the cent.
 *
 * @example
 * ```ts
 * complianceCost(3);       // 0.42
 * complianceCost(3, 0.2);  // 0.6, at another price per cell
 * ```
 */
export function complianceCost(cells: number, creditsPerCell: number = COMPLIANCE_CREDITS_PER_CELL): number {
  return Math.round(cells * creditsPerCell * 100) / 100;
}

/**
 * Whether a supplier may send to one cell. An invalid cell cannot be sent to; a cell that is not
 * a contact has no opt-outs. Without a campaign only a global opt-out counts; with one, the
 * campaign's opt-outs, excluded tags and excluded segments count too.
 *
 * @example
 * ```ts
 * complianceVerdict({ cell: '27821234567', msisdn: '27821234567', contact, targeting });
 * // { cell: '27821234567', can_send: false, reason: 'excluded_tag' }
 * ```
 */
export function complianceVerdict(input: {
  /** The cell as submitted. */
  cell: string;
  /** The cell as MSISDN, or undefined when it is not a valid number. */
  msisdn: string | undefined;
  contact?: Pick<Contact, 'tag_ids' | 'deduped_campaign_ids' | 'global_opt_out'> | undefined;
  targeting?: Targeting | undefined;
  segmentIds?: readonly string[] | undefined;
}): ComplianceResultEntry {
  const refuse = (reason: ComplianceReason): ComplianceResultEntry => ({
    cell: input.cell,
    can_send: false,
    reason,
  });
  if (input.msisdn === undefined) return refuse('invalid_cell');
  const { contact, targeting } = input;
  if (contact?.global_opt_out) return refuse('opted_out_global');
  if (contact && targeting) {
    if (contact.deduped_campaign_ids.includes(targeting.campaign_id)) return refuse('opted_out_campaign');
    if (targeting.excludeTags.some((t) => contact.tag_ids.includes(t))) return refuse('excluded_tag');
    const segments = input.segmentIds ?? [];
    if (targeting.excludeSegments.some((s) => segments.includes(s))) return refuse('excluded_segment');
  }
  return { cell: input.cell, can_send: true };
}
