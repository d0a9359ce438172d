import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../standalone/cli-process.js';

// Adversarial requests against the standalone server, as a process, over raw sockets: none may
// crash it, make it hold more than its body limit, or keep /__mock/health waiting.

const running: CliProcess[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(running.splice(0).map((cli) => cli.stop('SIGKILL')));
});

async function start(args: string[] = []): Promise<CliProcess & { port: number }> {
  const cli = await startCli(['--quiet', ...args]);
  running.push(cli);
  // Its first answers load code; what is timed below is a server that has answered already.
  for (let n = 0; n < 5; n++) await (await fetch(`${cli.url}/__mock/health`)).text();
  return { ...cli, port: Number(new URL(cli.url).port) };
}

const rssMiB = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024;

// Probes /__mock/health over and over from a thread of its own, so that what the test itself
// does (writing a body as fast as it can) does not count as the server's time.
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const times = [];
let on = true;
parentPort.on('message', () => { on = false; });
(async () => {
  await (await fetch(workerData + '/__mock/health')).text();
  parentPort.postMessage('ready');
  while (on) {
    const started = performance.now();
    await (await fetch(workerData + '/__mock/health')).text();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(times);
})();
`;

/**
 * Times /__mock/health over and over until stopped; answers each time taken. Resolves once the
 * probe's thread has started and been answered once: a thread started on a loaded machine took
 * seconds, and the window a test measured went by before any probe was sent.
 */
async function watchHealth(url: string): Promise<{ stop(): Promise<number[]> }> {
  const worker = new Worker(HEALTH_PROBE, { eval: true, workerData: url });
  await new Promise((resolve) => worker.once('message', resolve));
  const times = new Promise<number[]>((resolve) => worker.once('message', resolve));
  return {
    async stop() {
      worker.postMessage('stop');
      const taken = await times;
      await worker.terminate();
      return taken;
    },
  };
}

// On a machine shared with other work a probe may wait now and then: most must be quick.
const quantile = (times: number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) * q)]!;

function rawSocket(port: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  sockets.push(socket);
  return socket;
}

describe('the standalone server under hostile requests', () => {
  it('answers a 100 MB chunked body 413 once 64 MiB have come, closes it, and stays up and quick', async () => {
    const cli = await start();
    const rssBefore = rssMiB(cli.child.pid!);
    const health = await watchHealth(cli.url);
    const socket = rawSocket(cli.port);
    let answer = '';
    let sentWhenAnswered = -1;
    let sent = 0;
    socket.on('data', (chunk) => {
      if (answer === '') sentWhenAnswered = sent;
      answer += chunk;
    });
    socket.write(
      'POST /__mock/seed HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = Buffer.concat([
      Buffer.from('100000\r\n'),
      Buffer.alloc(0x100000, 0x20),
      Buffer.from('\r\n'),
    ]);
    let rssMax = 0;
    while (sent < 100 * 2 ** 20 && !socket.destroyed && answer === '') {
      if (!socket.write(chunk))
        await new Promise<void>((resolve) => {
          const done = () => {
            socket.off('drain', done).off('close', done);
            resolve();
          };
          socket.once('drain', done).once('close', done);
        });
      sent += 0x100000;
      rssMax = Math.max(rssMax, rssMiB(cli.child.pid!));
      // Paced a little, so that health is asked several times while the body comes in: on a
      // quiet machine the limit's worth came before the prober's second look.
      if (sent % (8 * 0x100000) === 0) await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await new Promise((resolve) => (socket.destroyed ? resolve(null) : socket.once('close', resolve)));
    const times = await health.stop();

    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('Request body is larger than 67108864 bytes');
    expect(sentWhenAnswered).toBeLessThan(80 * 2 ** 20);
    // The limit's worth of body, not the whole of it (nor twice it, as text). The room over the
    // limit is the process's own churn: 48 MiB was passed by 0.9 MiB once under the full suite.
    expect(rssMax - rssBefore).toBeLessThan(64 + 56);
    expect(times.length).toBeGreaterThan(2);
    expect(quantile(times, 0.9)).toBeLessThan(100);
    expect((await fetch(`${cli.url}/__mock/health`)).status).toBe(200);
  }, 30_000);

  it('refuses 30 MB of empty lists 413 before parsing them, and stays quick and small', async () => {
    const cli = await start();
    const rssBefore = rssMiB(cli.child.pid!);
    const health = await watchHealth(cli.url);
    const body = `{"contacts":[${'[],'.repeat(10_000_000)}[]]}`;
    const started = performance.now();
    const refused = await fetch(`${cli.url}/__mock/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const ms = performance.now() - started;
    const times = await health.stop();
    expect(refused.status).toBe(413);
    expect((await refused.json()).error).toContain('more lists and objects than one per 8 characters');
    // Parsed, it took seconds and a gigabyte; refused, about the time the body takes to arrive.
    expect(ms).toBeLessThan(3_000);
    expect(rssMiB(cli.child.pid!) - rssBefore).toBeLessThan(200);
    // Under 100 ms on a quiet machine; room for one busy with the rest of the suite.
    expect(quantile(times, 0.9)).toBeLessThan(200);
  }, 30_000);

  it('parses a large body a piece at a time, answering health between the pieces', async () => {
    const cli = await start();
    const health = await watchHealth(cli.url);
    let longest = 0;
    // 50 MB of objects that JSON.parse takes in one go (about 1 s), then a 40 MB string (0.1 s),
    // refused by the mock's limit on a string in a seed (16 MiB) before it is parsed.
    for (const [body, status, error] of [
      [
        `[${Array.from({ length: 3_500_000 }, (_, i) => `{"n":${i}}`).join(',')}]`,
        400,
        { code: 'invalid_seed' },
      ],
      [
        `{"orgs":"${'x'.repeat(40_000_000)}"}`,
        413,
        "Request body holds a string of more than 16,777,216 characters, the mock's limit",
      ],
    ] as const) {
      const sent = performance.now();
      const refused = await fetch(`${cli.url}/__mock/seed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      longest = Math.max(longest, performance.now() - sent);
      expect(refused.status).toBe(status);
      expect((await refused.json()).error).toEqual(
        typeof error === 'string' ? error : expect.objectContaining(error),
      );
    }
    const times = await health.stop();
    expect(times.length).toBeGreaterThan(5);
    expect(quantile(times, 0.9)).toBeLessThan(100);
    // Parsed whole, one probe waited the whole parse: 820 ms of the request's 1.7 s on a quiet
    // machine. On a machine busy with other tests every wait grows with the request, so a wait is
    // a stall when it is long both in itself and beside the request's time (a third of it).
    expect(Math.max(...times)).toBeLessThan(Math.max(500, longest / 3));
  }, 30_000);

  it('makes and writes a 67 MB HAR of the journal a few entries a turn, answering health between them', async () => {
    const cli = await start();
    const body = JSON.stringify({ pad: 'x'.repeat(70_000) });
    for (let i = 0; i < 1_000; i++)
      await (
        await fetch(`${cli.url}/tags`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).text();
    const health = await watchHealth(cli.url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const har = await (await fetch(`${cli.url}/__mock/requests.har`)).text();
    const times = await health.stop();
    expect(har.length).toBeGreaterThan(60_000_000);
    // Made and written at once, it held the thread 1 to 2.5 s; now under 50 ms on a quiet machine.
    expect(quantile(times, 0.9)).toBeLessThan(100);
    expect(Math.max(...times)).toBeLessThan(400);
  }, 30_000);

  it('answers 36,000 requests pipelined on a connection that never reads without growing or stalling others', async () => {
    const cli = await start(['--no-rate-limit']);
    const rssBefore = rssMiB(cli.child.pid!);
    const health = await watchHealth(cli.url);
    const socket = rawSocket(cli.port);
    socket.pause();
    socket.write(
      'GET /tags HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo_seller_admin\r\n\r\n'.repeat(36_000),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const times = await health.stop();
    expect(rssMiB(cli.child.pid!) - rssBefore).toBeLessThan(100);
    expect(times.length).toBeGreaterThan(10);
    expect(quantile(times, 0.9)).toBeLessThan(100);
    // The client catches up: its answers come, in order.
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.resume();
    await expect
      .poll(() => text.split('HTTP/1.1 200 ').length - 1, { timeout: 20_000, interval: 200 })
      .toBe(36_000);
  }, 40_000);

  it('holds 200 connections that pipeline 2,000 requests each and never read in little memory, answering health quickly', async () => {
    const cli = await start(['--no-rate-limit']);
    const rssBefore = rssMiB(cli.child.pid!);
    const health = await watchHealth(cli.url);
    const request = 'GET /tags HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo_seller_admin\r\n\r\n';
    for (let i = 0; i < 200; i++) {
      const socket = rawSocket(cli.port);
      socket.pause();
      socket.write(request.repeat(2_000));
    }
    let rssMost = 0;
    for (let i = 0; i < 15; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rssMost = Math.max(rssMost, rssMiB(cli.child.pid!));
    }
    const times = await health.stop();
    // Each connection's requests were read whole before: 700 MB, and health waited 1.5 s (p90).
    expect(rssMost - rssBefore).toBeLessThan(300);
    expect(times.length).toBeGreaterThan(10);
    expect(quantile(times, 0.9)).toBeLessThan(100);
  }, 30_000);

  it('writes one log line per request, whatever its query holds, with a postback key redacted', async () => {
    const cli = await startCli([]);
    running.push(cli);
    await fetch(`${cli.url}/tags?x%0A08:00:00.000%20GET%20/forged%20200=1`, {
      headers: { authorization: 'Bearer demo_seller_admin' },
    });
    await fetch(`${cli.url}/tags?key=demo_seller_admin`);
    await expect.poll(() => cli.stdout().match(/ GET \/tags/g)?.length).toBe(2);
    const lines = cli.stdout().split('\n');
    expect(lines.filter((line) => line.includes('/forged'))).toHaveLength(1);
    expect(lines.some((line) => /^\d\d:\d\d:\d\d\.\d{3} GET \/forged/.test(line))).toBe(false);
    expect(cli.stdout()).toContain('/tags?key=…dmin ');
    expect(lines.filter((line) => /^\d\d:/.test(line) && line.includes('demo_seller_admin'))).toEqual([]);
  });

  it('answers HEAD on a GET route like GET, without a body', async () => {
    const cli = await start();
    const head = await fetch(`${cli.url}/tags`, {
      method: 'HEAD',
      headers: { authorization: 'Bearer demo_seller_admin' },
    });
    const get = await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('answers HEAD on the OpenAPI document like GET, without a body', async () => {
    const cli = await start();
    const plain = { 'accept-encoding': 'identity' };
    const head = await fetch(`${cli.url}/openapi.json`, { method: 'HEAD', headers: plain });
    const get = await fetch(`${cli.url}/openapi.json`, { headers: plain });
    expect(head.status).toBe(200);
    expect(get.headers.get('content-length')).toMatch(/^\d+$/);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });
});
