import { describe, expect, it } from 'vitest';
import type { SendRecord } from './records.js';
import { SendStore } from './send-store.js';

const send = (id: string, cell: string | undefined, at: string, campaign = 'cmp_a'): SendRecord => ({
  _id: id,
  org_id: 'org_a',
  campaign_id: campaign,
  cell,
  trigger: 'manualSingle',
  channel: cell === undefined ? 'email' : 'sms',
  to_start_at: at,
});

describe('SendStore', () => {
  it('finds the latest send to a cell, and the later recorded of two at the same time', () => {
    const sends = new SendStore();
    sends.set('s1', send('s1', '27821000000', '2026-01-02T00:00:00.000Z'));
    sends.set('s2', send('s2', '27821000000', '2026-01-03T00:00:00.000Z'));
    sends.set('s3', send('s3', '27821000000', '2026-01-01T00:00:00.000Z'));
    sends.set('s4', send('s4', '27821000001', '2026-01-09T00:00:00.000Z'));
    expect(sends.latestTo('27821000000')?._id).toBe('s2');
    sends.set('s5', send('s5', '27821000000', '2026-01-03T00:00:00.000Z'));
    expect(sends.latestTo('27821000000')?._id).toBe('s5');
    expect(sends.latestTo('27821000009')).toBeUndefined();
  });

  it('finds the latest send of one campaign when one is named', () => {
    const sends = new SendStore();
    sends.set('s1', send('s1', '27821000000', '2026-01-02T00:00:00.000Z', 'cmp_a'));
    sends.set('s2', send('s2', '27821000000', '2026-01-05T00:00:00.000Z', 'cmp_b'));
    expect(sends.latestTo('27821000000', 'cmp_a')?._id).toBe('s1');
    expect(sends.latestTo('27821000000', 'cmp_c')).toBeUndefined();
  });

  it('forgets a send replaced under the same ID or deleted, and every send on clear', () => {
    const sends = new SendStore();
    sends.set('s1', send('s1', '27821000000', '2026-01-05T00:00:00.000Z'));
    sends.set('s2', send('s2', '27821000000', '2026-01-02T00:00:00.000Z'));
    sends.set('s1', send('s1', '27821000001', '2026-01-05T00:00:00.000Z'));
    expect(sends.latestTo('27821000000')?._id).toBe('s2');
    expect(sends.latestTo('27821000001')?._id).toBe('s1');
    sends.delete('s2');
    expect(sends.latestTo('27821000000')).toBeUndefined();
    sends.clear();
    expect(sends.size).toBe(0);
    expect(sends.latestTo('27821000001')).toBeUndefined();
  });

  it('leaves email sends, which have no cell, out of the cells', () => {
    const sends = new SendStore();
    sends.set('e1', send('e1', undefined, '2026-01-05T00:00:00.000Z'));
    expect(sends.get('e1')?._id).toBe('e1');
    expect(sends.size).toBe(1);
  });
});
