import { describe, expect, it } from 'vitest';
import { complianceCost, complianceVerdict } from './compliance.js';
import type { Targeting } from './targeting.js';

const targeting: Targeting = {
  campaign_id: 'c1',
  includeTags: [],
  excludeTags: ['supplier_optout'],
  includeSegments: [],
  excludeSegments: ['blocked'],
  events: [],
};
const contact = (overrides = {}) => ({
  tag_ids: [] as string[],
  deduped_campaign_ids: [] as string[],
  ...overrides,
});
const verdict = (overrides: Partial<Parameters<typeof complianceVerdict>[0]>) =>
  complianceVerdict({ cell: '0821234567', msisdn: '27821234567', ...overrides });

describe('complianceVerdict', () => {
  it('refuses an invalid cell', () => {
    expect(verdict({ cell: 'junk', msisdn: undefined })).toEqual({
      cell: 'junk',
      can_send: false,
      reason: 'invalid_cell',
    });
  });

  it('allows a cell that is not a contact', () => {
    expect(verdict({ targeting })).toEqual({ cell: '0821234567', can_send: true });
  });

  it('checks only global opt-outs without a campaign', () => {
    expect(verdict({ contact: contact({ global_opt_out: true }) }).reason).toBe('opted_out_global');
    expect(
      verdict({ contact: contact({ deduped_campaign_ids: ['c1'], tag_ids: ['supplier_optout'] }) }).can_send,
    ).toBe(true);
  });

  it('applies the campaign’s opt-outs and exclusions with a campaign', () => {
    expect(verdict({ targeting, contact: contact({ deduped_campaign_ids: ['c1'] }) }).reason).toBe(
      'opted_out_campaign',
    );
    expect(verdict({ targeting, contact: contact({ tag_ids: ['supplier_optout'] }) }).reason).toBe(
      'excluded_tag',
    );
    expect(verdict({ targeting, contact: contact(), segmentIds: ['blocked'] }).reason).toBe(
      'excluded_segment',
    );
    expect(verdict({ targeting, contact: contact({ deduped_campaign_ids: ['c2'] }) }).can_send).toBe(true);
  });
});

describe('complianceCost', () => {
  it('charges 0.14 credits per cell, to the cent', () => {
    expect(complianceCost(1)).toBe(0.14);
    expect(complianceCost(3)).toBe(0.42);
    expect(complianceCost(1000)).toBe(140);
    expect(complianceCost(3, 0.2)).toBe(0.6);
  });
});
