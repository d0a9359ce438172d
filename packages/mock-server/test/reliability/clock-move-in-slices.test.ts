import { describe, expect, it } from 'vitest';
import { worldGateOf, worldOf } from '../../src/core/world-access.js';
import { createMockService } from '../../src/index.js';

// A clock move runs a slice at a time, with health answered between the slices. Health must not
// run what fell due meanwhile: that is the move's work, in its order, and a day's sends run inside
// a health probe held it as long as they took.

const contacts = 3_000;
function startMock() {
  const mock = createMockService({
    seed: {
      orgs: [{ _id: 'o', credits: 1e9, timezone: 'Africa/Johannesburg' }],
      api_keys: [{ key: 'k', org_id: 'o' }],
      tags: [{ tag_id: 't', org_id: 'o' }],
      // Two daily campaigns whose sends fall due at the same moment.
      campaigns: ['cmp_a', 'cmp_b'].map((_id) => ({
        _id,
        org_id: 'o',
        kind: 'recurring' as const,
        tag_ids: ['t'],
        send_window_hours: { min_hours: 9, max_hours: 17 },
      })),
      contacts: Array.from({ length: contacts }, (_, i) => ({
        org_id: 'o',
        cell: `2782${String(1_000_000 + i).padStart(7, '0')}`,
        tag_ids: ['t'],
      })),
    },
    now: '2026-11-23T06:00:00.000Z',
    rateLimit: false,
  });
  return { mock, gate: worldGateOf(mock)! };
}

describe('a clock move run a slice at a time', () => {
  it('answers health and reads between its slices without running the sends that fell due meanwhile', async () => {
    const { mock, gate } = startMock();
    const moving = mock.fetch(`${mock.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance: '1d' }),
    });
    let done = false;
    void moving.finally(() => {
      done = true;
    });
    let healthBetweenSlices = 0;
    const recorded = () => worldOf(mock)!.outbox.length;
    while (!done) {
      if (gate.closed) {
        const before = recorded();
        expect((await mock.fetch(`${mock.baseUrl}/__mock/health`)).status).toBe(200);
        // Health recorded nothing: the campaign due at the same moment is the move's to run.
        expect(recorded()).toBe(before);
        expect(mock.outbox()).toHaveLength(before);
        healthBetweenSlices += 1;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await moving).status).toBe(200);
    expect(healthBetweenSlices).toBeGreaterThan(1);
    // Each campaign's sends in one run, one after the other: none made inside a health probe.
    const campaigns = mock.outbox().map((message) => message.campaign_id);
    expect(campaigns).toHaveLength(2 * contacts);
    const firstCampaign = campaigns[0];
    const switches = campaigns.filter((id, i) => i > 0 && id !== campaigns[i - 1]).length;
    expect(switches).toBe(1);
    expect(campaigns.slice(0, contacts).every((id) => id === firstCampaign)).toBe(true);
  });
});
