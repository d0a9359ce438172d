import { describe, expect, it } from 'vitest';
import { ClockError, createMockService } from '../src/index.js';
import { useMockServer } from './support/mock-world.js';

const startMock = useMockServer();

describe('the clock in process', () => {
  it('starts in real time, and set and advance switch it to an offset that keeps running', async () => {
    const mock = createMockService();
    expect(mock.clock.mode()).toBe('real');
    mock.clock.set('2030-01-01T00:00:00Z');
    expect(mock.clock.mode()).toBe('offset');
    const first = mock.clock.nowMs();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.clock.nowMs()).toBeGreaterThan(first);
    mock.clock.advance('1d');
    expect(mock.clock.mode()).toBe('offset');
    expect(mock.clock.nowMs() - Date.parse('2030-01-02T00:00:00Z')).toBeLessThan(1000);
  });

  it('freezes, moves while frozen, runs on from its time when unfrozen, and goes back to real time', async () => {
    const mock = createMockService();
    mock.clock.freeze();
    mock.clock.set('2030-01-01T00:00:00Z');
    expect(mock.clock.advance('36h').toISOString()).toBe('2030-01-02T12:00:00.000Z');
    expect(mock.clock.mode()).toBe('frozen');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.clock.now().toISOString()).toBe('2030-01-02T12:00:00.000Z');
    mock.clock.unfreeze();
    expect(mock.clock.mode()).toBe('offset');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.clock.nowMs()).toBeGreaterThan(Date.parse('2030-01-02T12:00:00Z'));
    mock.clock.real();
    expect(mock.clock.mode()).toBe('real');
    expect(Math.abs(mock.clock.nowMs() - Date.now())).toBeLessThan(1000);
  });

  it('starts frozen at the now option', () => {
    const mock = createMockService({ now: '2026-11-22T08:00:00Z' });
    expect(mock.clock.reading()).toEqual({ now: '2026-11-22T08:00:00.000Z', mode: 'frozen' });
  });

  it.each([
    [{ set: '+010000-01-01T00:00:00Z' }, 'outside the years 1970 to 9999'],
    [{ set: '10000-01-01T00:00:00Z' }, 'outside the years 1970 to 9999'],
    [{ set: '2026-02-30T00:00:00Z' }, 'not a date'],
    [{ set: '2026/02/30' }, 'not a date'],
    [{ set: 'February 30, 2026' }, 'not a date'],
    [{ set: '1' }, 'not a date'],
    [{ set: '2026-001' }, 'not a date'],
    [{ set: '2026-01-01T24:00:00Z' }, 'not a date'],
    [{ set: '2026-01-01T00:00:00' }, 'has no time zone'],
    [{ set: '1969-12-31T23:59:59Z' }, 'outside the years 1970 to 9999'],
    [{ set: 'tomorrow' }, 'not a date'],
    [{ advance: '-1d' }, 'not a duration'],
    [{ advance: -5 }, 'not a duration'],
    [{ advance: 'soon' }, 'not a duration'],
    [{ advance: '99999999999d' }, 'past the year 9999'],
    [{ set: '2030-01-01T00:00:00Z', advance: '99999999999d' }, 'past the year 9999'],
  ])('refuses %j and leaves the clock as it was', (change, message) => {
    const mock = createMockService({ now: '2026-11-22T08:00:00Z' });
    expect(() => mock.clock.change(change)).toThrow(ClockError);
    expect(() => mock.clock.change(change)).toThrow(message);
    expect(mock.clock.reading()).toEqual({ now: '2026-11-22T08:00:00.000Z', mode: 'frozen' });
  });

  it('keeps serving writes after a refused advance of 99999999999 days', async () => {
    const mock = createMockService({ now: '2026-11-22T08:00:00Z', seed: { orgs: [{ _id: 'o' }] } });
    expect(() => mock.clock.advance('99999999999d')).toThrow(ClockError);
    expect(() => mock.seed({ tags: [{ tag_id: 't', org_id: 'o', name: 'T' }] })).not.toThrow();
  });
});

describe('the clock over HTTP', () => {
  it('reads and moves the clock, answering its time and mode', async () => {
    const { call } = startMock();
    expect((await call('GET', '/__mock/clock')).body.data).toMatchObject({ mode: 'real' });
    const frozen = await call('POST', '/__mock/clock', {
      body: { set: '2030-05-01T00:00:00Z', freeze: true },
    });
    expect(frozen.body).toEqual({ ok: true, data: { now: '2030-05-01T00:00:00.000Z', mode: 'frozen' } });
    expect((await call('POST', '/__mock/clock', { body: { advance: '1h' } })).body.data).toEqual({
      now: '2030-05-01T01:00:00.000Z',
      mode: 'frozen',
    });
    expect((await call('POST', '/__mock/clock', { body: { freeze: false } })).body.data).toMatchObject({
      mode: 'offset',
    });
    expect((await call('POST', '/__mock/clock', { body: { real: true } })).body.data).toMatchObject({
      mode: 'real',
    });
  });

  it('lifts a rate limit once the frozen clock is advanced past its minute', async () => {
    const { admin, call } = startMock({ rateLimit: { perMinute: 1 }, now: '2026-11-22T10:00:00Z' });
    expect((await admin('GET', '/tags')).status).toBe(200);
    expect((await admin('GET', '/tags')).status).toBe(429);
    await call('POST', '/__mock/clock', { body: { advance: '65s' } });
    expect((await admin('GET', '/tags')).status).toBe(200);
  });

  it.each([
    [{ set: '+010000-01-01T00:00:00Z' }, 'outside the years 1970 to 9999'],
    [{ set: '10000-01-01T00:00:00Z' }, 'outside the years 1970 to 9999'],
    [{ set: '2026/02/30' }, 'not a date'],
    [{ set: '2026-03-08T02:30:00' }, 'has no time zone'],
    [{ set: null }, 'set'],
    [null, 'body'],
    [{ advance: '-1d' }, 'not a duration'],
    [{ advance: 'soon' }, 'not a duration'],
    [{ advance: '99999999999d' }, 'past the year 9999'],
    [{ real: false }, 'real'],
    [{ speed: 2 }, 'speed'],
  ])('answers 400 to %j and leaves the clock as it was', async (body, message) => {
    const { call, admin } = startMock({ now: '2026-11-22T08:00:00Z' });
    const refused = await call('POST', '/__mock/clock', { body });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, error: expect.stringContaining(message) });
    expect((await call('GET', '/__mock/clock')).body.data).toEqual({
      now: '2026-11-22T08:00:00.000Z',
      mode: 'frozen',
    });
    expect(
      (await admin('PUT', '/contacts/27821234567/tag/add', { body: { tag_ids: ['tag_new'] } })).status,
    ).toBe(200);
  });
});

describe('a reset', () => {
  it('puts the clock back to its start and disarms every fault', async () => {
    const { call, admin, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    await call('POST', '/__mock/clock', { body: { advance: '30d' } });
    await call('POST', '/__mock/faults', { body: { path: '/tags', status: 503 } });
    expect((await admin('GET', '/tags')).status).toBe(503);
    expect((await call('POST', '/__mock/reset')).status).toBe(200);
    expect(mock.clock.reading()).toEqual({ now: '2026-11-22T08:00:00.000Z', mode: 'frozen' });
    expect(mock.faults.list()).toEqual([]);
    expect((await admin('GET', '/tags')).status).toBe(200);
  });

  it('keeps the clock and the faults it is asked to keep, with the start world', async () => {
    const { call, admin, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    await admin('DELETE', '/contacts/27821234567');
    await call('POST', '/__mock/clock', { body: { advance: '30d' } });
    await call('POST', '/__mock/faults', { body: { path: '/tags', status: 503 } });
    expect((await call('POST', '/__mock/reset', { body: { keep: ['faults', 'clock'] } })).status).toBe(200);
    expect(mock.clock.now().toISOString()).toBe('2026-12-22T08:00:00.000Z');
    expect((await admin('GET', '/tags')).status).toBe(503);
    expect(mock.findContacts({ cell: '27821234567' })).toHaveLength(1);
  });

  it('goes from real time back to real time, and refuses an unknown keep', async () => {
    const { call, mock } = startMock();
    await call('POST', '/__mock/clock', { body: { set: '2031-01-01T00:00:00Z', freeze: true } });
    mock.reset({});
    expect(mock.clock.mode()).toBe('real');
    const refused = await call('POST', '/__mock/reset', { body: { keep: ['journal'] } });
    expect(refused.status).toBe(400);
  });

  it('leaves the clock as it was when the seed document is refused', async () => {
    const { call, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    await call('POST', '/__mock/clock', { body: { advance: '1d' } });
    expect((await call('POST', '/__mock/reset', { body: { orgs: [{ name: 'no id' }] } })).status).toBe(400);
    expect(mock.clock.now().toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });
});

describe('the schedule over HTTP', () => {
  it('refuses a limit that is not a whole number from 1 to 1000, and an unknown query field', async () => {
    const { call } = startMock();
    for (const query of [{ limit: '0' }, { limit: 'many' }, { after: 'x' }] as Record<string, string>[]) {
      const refused = await call('GET', '/__mock/schedule', { query });
      expect(refused.status).toBe(400);
      expect(refused.body.ok).toBe(false);
    }
    expect((await call('GET', '/__mock/schedule', { query: { limit: '3' } })).body).toEqual({
      ok: true,
      data: [],
    });
  });
});

describe('a move of the clock over very much scheduled work', () => {
  const daily = {
    orgs: [{ _id: 'o', credits: 1e9 }],
    api_keys: [{ key: 'k', org_id: 'o' }],
    tags: [{ tag_id: 't', org_id: 'o', name: 'T' }],
    campaigns: [{ _id: 'd', org_id: 'o', name: 'Daily', kind: 'recurring' as const, tag_ids: ['t'] }],
    contacts: [{ org_id: 'o', cell: '27821234567', tag_ids: ['t'] }],
  };

  it('stops where the 20,000th event ran and says so, names the next, and goes on when moved again', () => {
    const mock = createMockService({ seed: daily, now: '2026-01-01T00:00:00Z', rateLimit: false });
    let message = '';
    try {
      mock.clock.advance('60000d');
    } catch (error) {
      message = (error as Error).message;
    }
    const [, stoppedAt, nextAt] =
      /^The clock stopped at (\S+), where the last of 20,000 scheduled events ran \(the most one move runs\); the next is due at (\S+): move it on again to go on$/.exec(
        message,
      ) ?? [];
    const sent = mock.outbox().length;
    expect(sent).toBe(20_000);
    // The clock is where the last event ran, as the message says: every send up to it was made, none after.
    expect(Date.parse(mock.outbox().at(-1)!.createdAt)).toBe(mock.clock.now().getTime());
    expect(stoppedAt).toBe(mock.clock.now().toISOString());
    expect(mock.schedule()[0]?.at).toBe(nextAt);
    mock.clock.advance('10d');
    expect(mock.outbox().length).toBe(sent + 10);
  });

  it('answers the stop over HTTP with a 400', async () => {
    const mock = createMockService({ seed: daily, now: '2026-01-01T00:00:00Z', rateLimit: false });
    const answer = await mock.fetch(`${mock.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance: '60000d' }),
    });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatch(/^The clock stopped at /);
    // Stopped in slices, it stands where the last event ran, as in process.
    expect(mock.outbox()).toHaveLength(20_000);
    expect(Date.parse(mock.outbox().at(-1)!.createdAt)).toBe(mock.clock.now().getTime());
  });

  it('runs a move over HTTP a slice at a time, making the sends a move in process makes', async () => {
    const many = {
      ...daily,
      contacts: Array.from({ length: 3_000 }, (_, i) => ({
        org_id: 'o',
        cell: `2782${String(1_000_000 + i).padStart(7, '0')}`,
        tag_ids: ['t'],
      })),
    };
    const options = { seed: many, now: '2026-01-01T00:00:00Z', rateLimit: false } as const;
    const inProcess = createMockService(options);
    inProcess.clock.advance('10d');
    const mock = createMockService(options);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const answer = await mock.fetch(`${mock.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance: '10d' }),
    });
    clearInterval(ticker);
    expect(answer.status).toBe(200);
    expect((await answer.json()).data.now).toBe('2026-01-11T00:00:00.000Z');
    expect(ticks).toBeGreaterThan(2);
    const sends = (m: typeof mock) => m.outbox().map((message) => [message.to, message.createdAt]);
    expect(sends(mock)).toHaveLength(30_000);
    expect(sends(mock)).toEqual(sends(inProcess));
  });
});
