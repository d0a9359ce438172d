import { describe, expect, it } from 'vitest';
import { FaultError } from '../src/index.js';
import { useMockServer } from './support/mock-world.js';

const startMock = useMockServer();
const sms = {
  content: 'Hi',
  cell: '27821234567',
  skipNonContacts: false,
  country: 'ZA',
  deliveryMethod: 'standard',
};

describe('faults in process', () => {
  it('answers a status before the service acts, for as many times as asked, then is spent', async () => {
    const { admin, mock } = startMock();
    const fault = mock.faults.add({
      method: 'POST',
      path: '/send/sms',
      status: 503,
      times: 2,
      headers: { 'retry-after': '1' },
    });
    for (let i = 0; i < 2; i++) {
      const res = await admin('POST', '/send/sms', { body: sms });
      expect(res).toMatchObject({ status: 503, body: { ok: false, error: 'Service unavailable' } });
      expect(res.headers.get('retry-after')).toBe('1');
    }
    expect(mock.outbox()).toEqual([]);
    expect((await admin('POST', '/send/sms', { body: sms })).status).toBe(200);
    expect(mock.outbox()).toHaveLength(1);
    expect(mock.faults.list()).toEqual([]);
    expect(mock.requests().map((r) => r.fault_id)).toEqual([fault.fault_id, fault.fault_id, undefined]);
  });

  it('lets the service act with when "after", then replaces the answer', async () => {
    const { admin, mock } = startMock();
    mock.faults.add({ path: '/send/sms', when: 'after', status: 500, body: { ok: false, error: 'lost' } });
    expect(await admin('POST', '/send/sms', { body: sms })).toMatchObject({
      status: 500,
      body: { error: 'lost' },
    });
    expect(mock.outbox()).toHaveLength(1);
  });

  it('drops the connection: fetch rejects as on a network error, and "after" still acts', async () => {
    const { admin, mock } = startMock();
    mock.faults.add({ path: '/send/sms', when: 'after', drop: true });
    await expect(admin('POST', '/send/sms', { body: sms })).rejects.toThrow(TypeError);
    expect(mock.outbox()).toHaveLength(1);
    expect(mock.requests()[0]).toMatchObject({ status: 0, fault_id: expect.any(String) });
    mock.faults.add({ path: '/tags', drop: true });
    await expect(mock.fetch(`${mock.baseUrl}/tags`)).rejects.toThrow('fetch failed');
  });

  it('delays an otherwise normal answer with delay_ms alone', async () => {
    const { admin, mock } = startMock();
    mock.faults.add({ path: '/tags', delay_ms: 150 });
    const started = performance.now();
    expect((await admin('GET', '/tags')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('matches on method, path pattern and organisation only', async () => {
    const { admin, call, mock } = startMock();
    mock.faults.add({ method: 'GET', path: '/contacts/:cell', org_id: 'org_b', status: 502 });
    expect((await admin('GET', '/contacts/27821234567')).status).toBe(200);
    expect((await admin('DELETE', '/contacts/27821234568')).status).toBe(200);
    expect((await call('GET', '/contacts/27829999999', { key: 'key_b_admin' })).status).toBe(502);
  });

  it('never applies to the control plane', async () => {
    const { call, mock } = startMock();
    mock.faults.add({ status: 500, times: 5 });
    expect((await call('GET', '/__mock/outbox')).status).toBe(200);
    expect(mock.faults.list()[0]?.fired).toBe(0);
  });

  it('refuses a malformed fault, naming the field', () => {
    const { mock } = startMock();
    expect(() => mock.faults.add({ status: 42 })).toThrow(FaultError);
    expect(() => mock.faults.add({ status: 42 })).toThrow(/^status: /);
    expect(() => mock.faults.add({ when: 'later' as never, status: 500 })).toThrow(/^when: /);
    expect(() => mock.faults.add({ path: '/x' })).toThrow('status: A fault needs status, drop or delay_ms');
    expect(() => mock.faults.add({ status: 500, colour: 'red' } as never)).toThrow(/colour/);
  });
});

describe('faults over HTTP', () => {
  it('arms, lists, fires and disarms faults under /__mock/faults', async () => {
    const { admin, call } = startMock();
    const armed = await call<{ fault_id: string }>('POST', '/__mock/faults', {
      body: { path: '/tags', status: 503, times: 3 },
    });
    const id = armed.body.data!.fault_id;
    expect((await admin('GET', '/tags')).status).toBe(503);
    expect((await call('GET', '/__mock/faults')).body.data).toMatchObject([
      { fault_id: id, fired: 1, times: 3 },
    ]);
    expect((await call('DELETE', `/__mock/faults/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/__mock/faults/${id}`)).status).toBe(404);
    expect((await admin('GET', '/tags')).status).toBe(200);
    await call('POST', '/__mock/faults', { body: { status: 500 } });
    expect((await call('DELETE', '/__mock/faults')).status).toBe(200);
    expect((await call('GET', '/__mock/faults')).body.data).toEqual([]);
  });

  it('answers 400 naming the field of a malformed fault', async () => {
    const { call } = startMock();
    expect(await call('POST', '/__mock/faults', { body: { status: 'soon' } })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^status: /) },
    });
  });
});

describe('latency', () => {
  it('delays every service answer, not the control plane, without moving the clock', async () => {
    const { admin, call, mock } = startMock({ latency: 120, now: '2026-11-22T08:00:00Z' });
    let started = performance.now();
    await admin('GET', '/tags');
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    started = performance.now();
    await call('GET', '/__mock/health');
    expect(performance.now() - started).toBeLessThan(100);
    expect(mock.clock.now().toISOString()).toBe('2026-11-22T08:00:00.000Z');
  });
});
