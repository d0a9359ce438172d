import { describe, expect, it } from 'vitest';
import { createMockService, RequestFilterError } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

const mockOf = () => createMockService({ seed: testSeed(), rateLimit: false });
const get = async (mock: ReturnType<typeof mockOf>, target: string) => {
  const response = await mock.fetch(`${mock.baseUrl}${target}`);
  return { status: response.status, body: await response.json() };
};

describe('the outbox and contact filters of the control plane', () => {
  it('answers 400 naming both bad values of /__mock/outbox?since=bad&channel=fax', async () => {
    expect(await get(mockOf(), '/__mock/outbox?since=bad&channel=fax')).toEqual({
      status: 400,
      body: {
        ok: false,
        error:
          'since: Expected an ISO 8601 instant such as 2026-11-01T09:00:00Z, got "bad"; channel: Expected sms or email, got "fax"',
      },
    });
  });

  it.each([
    ['/__mock/outbox?chanel=sms', /^chanel: Unknown filter; use channel, cell, since, limit$/],
    ['/__mock/outbox?since=1', /^since: Expected an ISO 8601 instant/],
    ['/__mock/outbox?since=2026-13-45T00:00:00Z', /^since: /],
    ['/__mock/outbox?channel=sms&channel=email', /^channel: Given more than once$/],
    ['/__mock/outbox?cell=', /^cell: Expected a value$/],
    ['/__mock/contacts?colour=red', /^colour: Unknown filter; use cell, tag, org, limit$/],
    ['/__mock/contacts?limit=-1', /^limit: Expected a whole number from 0 to 10,000, got "-1"$/],
    ['/__mock/contacts?limit=10001', /^limit: Expected a whole number from 0 to 10,000, got 10001$/],
    ['/__mock/contacts?limit=ten', /^limit: Expected a whole number/],
    ['/__mock/contacts?tag=a&tag=b', /^tag: Given more than once$/],
    ['/__mock/outbox?limit=-1', /^limit: Expected a whole number of 0 or more, got "-1"$/],
    ['/__mock/webhooks?bogus=1', /^bogus: Unknown filter; use limit$/],
    ['/__mock/webhooks?limit=ten', /^limit: Expected a whole number of 0 or more, got "ten"$/],
    ['/__mock/outbox?__proto__=1', /^__proto__: Unknown filter; use channel, cell, since, limit$/],
    [
      '/__mock/outbox?toString=1&constructor=2',
      /^toString: Unknown filter; use channel, cell, since, limit; constructor: Unknown filter/,
    ],
  ])('answers 400 to %s', async (target, message) => {
    const answer = await get(mockOf(), target);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it('still answers good filters', async () => {
    const mock = mockOf();
    expect(await get(mock, '/__mock/outbox?channel=sms&since=2026-01-01T00:00:00Z')).toEqual({
      status: 200,
      body: { ok: true, data: [] },
    });
    expect(await get(mock, '/__mock/outbox?since=2026-01-01')).toMatchObject({ status: 200 });
    const contacts = await get(mock, '/__mock/contacts?org=org_a&limit=1');
    expect(contacts).toMatchObject({ status: 200, body: { ok: true } });
    expect(contacts.body.data).toHaveLength(1);
  });

  it('lists the newest messages and webhook attempts up to a limit, oldest first', async () => {
    const mock = mockOf();
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    mock.seed({
      outbox: Array.from({ length: 5 }, (_, i) => ({
        _id: `msg_${i}`,
        org_id: 'org_a',
        channel: 'sms' as const,
        to: '27821234567',
        content: `m${i}`,
        cost: 1,
        trigger: 'manualSingle' as const,
        send_id: `snd_${i}`,
        status: 'sent' as const,
        createdAt: at(i),
      })),
      webhook_deliveries: Array.from({ length: 5 }, (_, i) => ({
        delivery_id: `whd_${i}`,
        hook_id: 'hook_1',
        org_id: 'org_a',
        url: 'http://127.0.0.1:9/',
        method: 'POST' as const,
        headers: {},
        attempt: 1,
        outcome: 'delivered' as const,
        status: 200,
        at: at(i),
      })),
    });
    const ids = (list: { _id?: string; delivery_id?: string }[]) => list.map((m) => m._id ?? m.delivery_id);
    expect(ids((await get(mock, '/__mock/outbox?limit=2')).body.data)).toEqual(['msg_3', 'msg_4']);
    expect(
      ids((await get(mock, '/__mock/outbox?since=2026-01-01T00:00:01Z&limit=9')).body.data),
    ).toHaveLength(4);
    expect(ids((await get(mock, '/__mock/webhooks?limit=2')).body.data)).toEqual(['whd_3', 'whd_4']);
    expect((await get(mock, '/__mock/webhooks?limit=0')).body.data).toEqual([]);
    expect((await get(mock, '/__mock/webhooks')).body.data).toHaveLength(5);
    expect(ids(mock.outbox({ limit: 1 }))).toEqual(['msg_4']);
  });

  it('throws RequestFilterError in process for the same mistakes', () => {
    const mock = mockOf();
    expect(() => mock.outbox({ channel: 'fax' as never })).toThrow(RequestFilterError);
    expect(() => mock.outbox({ since: 'bad' })).toThrow(/^since: /);
    expect(() => mock.outbox({ sent: 'x' } as never)).toThrow(/^sent: Unknown filter/);
    expect(() => mock.findContacts({ limit: 1.5 })).toThrow(/^limit: /);
    expect(() => mock.findContacts({ tags: ['t'] } as never)).toThrow(/^tags: Unknown filter/);
  });
});
