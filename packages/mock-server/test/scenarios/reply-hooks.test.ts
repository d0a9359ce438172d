import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockService, IDEMPOTENCY_HEADER } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A local receiver that leaves the first `hangs` requests unanswered, then answers 200. */
async function receiver(hangs: number): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (received.length > hangs) res.writeHead(200).end('ok');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, received };
}

function seedWithHooks(url: string) {
  const seed = testSeed();
  seed.hooks = [
    {
      _id: 'hook_sms',
      org_id: 'org_a',
      type: 'sms',
      content: 'Thanks {{contact.firstname}}, you said {{reply.Message}}',
      destinations: '27820000001',
      send_to_replying_contact: true,
    },
    {
      _id: 'hook_web',
      org_id: 'org_a',
      type: 'webhook',
      url,
      method: 'POST',
      body: '{"cell":"{{contact.cell|cell:plus}}","said":"{{reply.Message}}","at":"{{reply.Received|date:yyyy-MM-dd}}"}',
      headers: '{"x-team":"supplier-1"}',
    },
  ];
  seed.campaigns = seed.campaigns!.map((c) =>
    c._id === 'cmp_1' ? { ...c, hook_ids: ['hook_sms', 'hook_web'] } : c,
  );
  return seed;
}

describe('reply hooks', () => {
  it('fire an SMS hook and a webhook that times out twice then answers: three attempts, one idempotency key', async () => {
    const { url, received } = await receiver(2);
    const mock = createMockService({
      seed: seedWithHooks(url),
      now: '2026-11-22T08:00:00Z',
      webhooks: { timeoutMs: 300 },
    });
    const [send] = mock.campaigns.run('cmp_1').sends;

    const result = await mock.replies.receive({ from: send!.cell, message: 'YES', send_id: send!.send_id });

    expect(result.reply).toMatchObject({ kind: 'optIn', Message: 'YES', campaign_id: 'cmp_1' });
    expect(mock.outbox({ channel: 'sms' }).filter((m) => m.trigger === 'hook')).toMatchObject([
      { to: '27821234567', content: 'Thanks Thandi, you said YES' },
      { to: '27820000001', content: 'Thanks Thandi, you said YES' },
    ]);
    // Each retry is due 300 ms (the timeout) after the attempt it follows, on the frozen clock.
    expect(mock.webhookDeliveries().map((d) => [d.attempt, d.outcome, d.at])).toEqual([
      [1, 'timeout', '2026-11-22T08:00:00.000Z'],
    ]);
    expect(mock.schedule()).toContainEqual(
      expect.objectContaining({ kind: 'webhook_retry', at: '2026-11-22T08:00:00.300Z', attempt: 2 }),
    );
    mock.clock.advance('300ms');
    await mock.webhooksSettled();
    mock.clock.advance('300ms');
    await mock.webhooksSettled();
    expect(received).toHaveLength(3);
    const keys = new Set(received.map((r) => r.headers[IDEMPOTENCY_HEADER]));
    expect(keys.size).toBe(1);
    expect(JSON.parse(received[2]!.body)).toEqual({ cell: '+27821234567', said: 'YES', at: '2026-11-22' });
    expect(received[2]!.headers['x-team']).toBe('supplier-1');
    expect(mock.webhookDeliveries().map((d) => [d.attempt, d.outcome, d.at])).toEqual([
      [1, 'timeout', '2026-11-22T08:00:00.000Z'],
      [2, 'timeout', '2026-11-22T08:00:00.300Z'],
      [3, 'delivered', '2026-11-22T08:00:00.600Z'],
    ]);
    expect(mock.schedule().filter((e) => e.kind === 'webhook_retry')).toEqual([]);
    expect(mock.webhookDeliveries()[0]?.delivery_id).toBe([...keys][0]);
  });

  it('takes a receiver’s status without reading its answer, so an endless answer is neither waited for nor held', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    let sent = 0;
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const piece = Buffer.alloc(64 * 1024, 120);
      const timer = setInterval(() => {
        sent += piece.length;
        res.write(piece);
      }, 1);
      res.on('close', () => {
        clearInterval(timer);
        closed();
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
    const mock = createMockService({
      seed: seedWithHooks(url),
      now: '2026-11-22T08:00:00Z',
      webhooks: { timeoutMs: 30_000 },
    });
    const [send] = mock.campaigns.run('cmp_1').sends;
    const started = performance.now();
    await mock.replies.receive({ from: send!.cell, message: 'YES', send_id: send!.send_id });
    // Not read, the answer ends the delivery at once; read, it would hold it for the 30 s timeout.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(mock.webhookDeliveries().map((d) => [d.outcome, d.status])).toEqual([['delivered', 200]]);
    await connectionClosed;
    const sentWhenClosed = sent;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(sentWhenClosed);
  }, 40_000);

  it('holds the retries of a refused connection while the clock is frozen, and stops after three', async () => {
    const mock = createMockService({
      seed: seedWithHooks('http://127.0.0.1:9/in'),
      now: '2026-11-22T08:00:00Z',
      webhooks: { timeoutMs: 300 },
    });
    const [send] = mock.campaigns.run('cmp_1').sends;
    await mock.replies.receive({ from: send!.cell, message: 'hello', send_id: send!.send_id });
    // Real time passing does not move a frozen clock: the first retry waits for a move.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(mock.webhookDeliveries().map((d) => d.outcome)).toEqual(['connection_error']);
    mock.clock.advance('299ms');
    expect(await mock.webhooksSettled()).toHaveLength(1);
    // One move past every retry's time sends them all, each at its own time.
    mock.clock.advance('1h');
    expect((await mock.webhooksSettled()).map((d) => [d.attempt, d.outcome, d.at])).toEqual([
      [1, 'connection_error', '2026-11-22T08:00:00.000Z'],
      [2, 'connection_error', '2026-11-22T08:00:00.300Z'],
      [3, 'connection_error', '2026-11-22T08:00:00.600Z'],
      [4, 'connection_error', '2026-11-22T08:00:00.900Z'],
    ]);
    expect(mock.schedule()).toEqual([]);
  });

  it('sends each retry a timeout after the attempt it follows while the clock runs, with no request to the mock', async () => {
    const mock = createMockService({
      seed: seedWithHooks('http://127.0.0.1:9/in'),
      now: '2026-11-22T08:00:00Z',
      clockMode: 'offset',
      webhooks: { timeoutMs: 200, retries: 2 },
    });
    const [send] = mock.campaigns.run('cmp_1').sends;
    await mock.replies.receive({ from: send!.cell, message: 'hello', send_id: send!.send_id });
    expect(mock.webhookDeliveries()).toHaveLength(1);
    await vi.waitFor(() => expect(mock.webhookDeliveries()).toHaveLength(3), { timeout: 5_000 });
    const times = mock.webhookDeliveries().map((d) => Date.parse(d.at));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(200);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(200);
  });

  it('encodes the body into the URL when asked, and skips webhooks below a 1-credit balance', async () => {
    const { url, received } = await receiver(0);
    const seed = seedWithHooks(url);
    seed.hooks = seed.hooks!.map((h) => (h.type === 'webhook' ? { ...h, encode_into_url: true } : h));
    const mock = createMockService({ seed, now: '2026-11-22T08:00:00Z' });
    const [send] = mock.campaigns.run('cmp_1').sends;
    await mock.replies.receive({ from: send!.cell, message: 'YES', send_id: send!.send_id });
    expect(received[0]!.url).toBe('/in?cell=%2B27821234567&said=YES&at=2026-11-22');
    expect(received[0]!.body).toBe('');

    const broke = createMockService({
      seed: { ...seedWithHooks(url), orgs: [{ _id: 'org_a', credits: 0.5 }, { _id: 'org_b' }] },
      now: '2026-11-22T08:00:00Z',
      billing: { smsPrices: { standard: 0, reverse: 0, transactional: 0 } },
    });
    broke.seed({ sends: [{ _id: 's1', org_id: 'org_a', campaign_id: 'cmp_1', cell: '27821234567' }] });
    await broke.replies.receive({ from: '27821234567', message: 'YES', send_id: 's1' });
    expect(broke.webhookDeliveries().map((d) => d.outcome)).toEqual(['skipped_insufficient_balance']);
    expect(received).toHaveLength(1);
    // The journal shows what the balance held back, rendered as it would have been sent.
    const [skipped] = broke.webhookDeliveries();
    expect(JSON.parse(skipped!.body!)).toEqual({ cell: '+27821234567', said: 'YES', at: '2026-11-22' });
    expect(skipped!.headers).toMatchObject({
      'x-team': 'supplier-1',
      'service-idemptotency-key': skipped!.delivery_id,
    });
  });
});
