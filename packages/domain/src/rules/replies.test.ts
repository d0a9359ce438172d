import { describe, expect, it } from 'vitest';
import { applyOptOut, classifyReply, isOptedOut, type OptOutCampaign, optOutEffect } from './replies.js';

describe('classifyReply', () => {
  it.each([
    'STOP',
    'stop',
    '  Stop  ',
    'STOPALL',
    'unsubscribe',
    'Cancel',
    'END',
    'quit',
    'OPTOUT',
    'opt out',
    'Opt  Out',
    'STOP please',
    'stop.',
  ])('classifies %j as an opt-out', (message) => {
    expect(classifyReply(message)).toBe('optOut');
  });

  it.each(['YES', 'y', 'Yes!', 'START', 'optin', 'Subscribe me'])('classifies %j as an opt-in', (message) => {
    expect(classifyReply(message)).toBe('optIn');
  });

  it.each(['Yesterday was great', 'Endless', 'Stopwatch', 'Who is this?', '', 'please STOP'])(
    'classifies %j as unknown',
    (message) => {
      expect(classifyReply(message)).toBe('unknown');
    },
  );
});

describe('optOutEffect', () => {
  const campaigns: OptOutCampaign[] = [
    { _id: 'c1', level: 'tag', tag_ids: ['vip', 'new'] },
    { _id: 'c2', level: 'campaign', tag_ids: ['vip'] },
    { _id: 'c3', level: 'campaign', tag_ids: ['other'] },
    { _id: 'c4', level: 'global', tag_ids: [] },
    { _id: 'v1', level: 'org', tag_ids: ['new'] },
  ];

  it('dedupes against the campaign at level campaign', () => {
    expect(optOutEffect(campaigns[1]!, campaigns)).toEqual({ kind: 'campaigns', campaign_ids: ['c2'] });
  });

  it('dedupes against every campaign sharing a tag at level tag', () => {
    expect(optOutEffect(campaigns[0]!, campaigns)).toEqual({
      kind: 'campaigns',
      campaign_ids: ['c1', 'c2', 'v1'],
    });
  });

  it('opts out of everything at level global and V2 org', () => {
    expect(optOutEffect(campaigns[3]!, campaigns)).toEqual({ kind: 'all' });
    expect(optOutEffect(campaigns[4]!, campaigns)).toEqual({ kind: 'all' });
  });
});

describe('applyOptOut and isOptedOut', () => {
  it('adds campaigns once and reports no change when already opted out', () => {
    const once = applyOptOut(
      { deduped_campaign_ids: ['c1'] },
      { kind: 'campaigns', campaign_ids: ['c1', 'c2', 'c2'] },
    );
    expect(once).toEqual({ deduped_campaign_ids: ['c1', 'c2'] });
    expect(applyOptOut(once!, { kind: 'campaigns', campaign_ids: ['c2'] })).toBeUndefined();
  });

  it('opts out globally, which covers future campaigns', () => {
    const all = applyOptOut({ deduped_campaign_ids: [] }, { kind: 'all' });
    expect(all).toEqual({ deduped_campaign_ids: [], global_opt_out: true });
    expect(isOptedOut(all!, 'a-campaign-created-later')).toBe(true);
    expect(applyOptOut(all!, { kind: 'all' })).toBeUndefined();
  });

  it('tells a campaign opt-out from none', () => {
    expect(isOptedOut({ deduped_campaign_ids: ['c1'] }, 'c1')).toBe(true);
    expect(isOptedOut({ deduped_campaign_ids: ['c1'] }, 'c2')).toBe(false);
    expect(isOptedOut({ deduped_campaign_ids: ['c1'] })).toBe(false);
  });
});
