import { describe, expect, it } from 'vitest';
import { closestName } from './closest-name.js';

describe('closestName', () => {
  it('finds the snake_case name a camelCase one meant', () => {
    expect(closestName('campaignId', ['campaign_id'])).toBe('campaign_id');
  });

  it('finds a name one typo away, preferring the nearest', () => {
    expect(closestName('campain_id', ['cell', 'campaign_id', 'campaign_ids'])).toBe('campaign_id');
  });

  it('suggests nothing when no name is close', () => {
    expect(closestName('utm_source', ['campaign_id', 'key'])).toBeUndefined();
    expect(closestName('anything', [])).toBeUndefined();
  });
});
