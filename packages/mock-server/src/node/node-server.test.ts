import { spawn } from 'node:child_process';
import { get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { okPieces, whenSent } from '../core/responses.js';
import { createMockService } from '../create-mock-service.js';
import { demoWorld } from '../standalone/demo-world.js';
import { createWorldRouter } from '../worlds/world-router.js';
import { createNodeServer, type NodeServerOptions } from './node-server.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

// A raw HTTP/1.1 exchange, for requests no fetch client would send.
// A raw answer's status line, and its body: exactly the envelope `{ok: false, error}`.
function expectEnvelope(answer: string, status: number, error: string): void {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(JSON.parse(body)).toEqual({ ok: false, error });
}

async function rawExchange(
  request: string,
  mock: Parameters<typeof createNodeServer>[0] = createMockService(),
  options: NodeServerOptions = {},
): Promise<string> {
  const { url } = await listeningServer(mock, options);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

// What a client script prints, run in another process, as a client is (in process, the server's
// answers always came: its reads and the client's writes took turns).
async function runClient(script: string): Promise<string> {
  const child = spawn(process.execPath, ['-e', script]);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return output;
}

// The plain text of a mock's `GET /openapi.json` (194 kB), and what a client in another process
// received of that document pipelined on one connection and closed: `onConnect` writes its
// requests (`request(close)` makes one; `writing` may hold a timer), `onData` (after the bytes are
// counted) paces its reading. It prints, once the server closes, the bytes and their last 20
// characters.
async function openApiDocument(url: string): Promise<string> {
  return (await fetch(`${url}/openapi.json`, { headers: { 'accept-encoding': 'identity' } })).text();
}
async function pipelinedOpenApiReader(
  url: string,
  script: { onConnect: string; onData?: string },
): Promise<{ bytes: number; last: string }> {
  const client = `
      const net = require('node:net');
      const socket = net.connect(${new URL(url).port}, '127.0.0.1');
      const request = (close) => 'GET /openapi.json HTTP/1.1\\r\\nHost: x\\r\\n' + (close ? 'Connection: close\\r\\n' : '') + '\\r\\n';
      let bytes = 0;
      let text = '';
      let writing;
      socket.on('error', () => {});
      socket.on('data', (chunk) => {
        bytes += chunk.length;
        text = (text + chunk.toString('latin1')).slice(-100);
        ${script.onData ?? ''}
      });
      socket.on('close', () => { clearInterval(writing); console.log(JSON.stringify({ bytes, last: text.slice(-20) })); });
      socket.on('connect', () => { ${script.onConnect} });`;
  return JSON.parse(await runClient(client)) as { bytes: number; last: string };
}

// The `200` status lines a raw socket receives (one cut between two chunks too), and whether it closed.
function countOk(socket: Socket): { ok: number; closed: boolean } {
  const seen = { ok: 0, closed: false };
  const line = 'HTTP/1.1 200 ';
  let tail = '';
  socket.on('data', (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    seen.ok += text.split(line).length - 1;
    tail = text.slice(-(line.length - 1));
  });
  socket.on('close', () => {
    seen.closed = true;
  });
  return seen;
}

// A small search, as a raw request to pipeline.
const SEARCH_BODY = JSON.stringify({ find: { tag_ids: { $in: ['tag_all'] } } });
const SEARCH_REQUEST =
  'POST /contacts/search HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo_seller_admin\r\n' +
  `Content-Type: application/json\r\nContent-Length: ${SEARCH_BODY.length}\r\n\r\n${SEARCH_BODY}`;

// The tags, as a raw request to pipeline.
const TAGS_REQUEST = 'GET /tags HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo_seller_admin\r\n\r\n';

// A connection that sends `request` `count` times in one write, its 200s counted; `paused`, its
// client reads nothing until resumed.
function pipeline(url: string, request: string, count: number, options: { paused?: boolean } = {}) {
  const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.write(request.repeat(count)));
  closers.push(() => socket.destroy());
  if (options.paused) socket.pause();
  return { socket, seen: countOk(socket) };
}

// A script for another process: `count` connections that each send `request` `times` times in one
// write, all at once, and read nothing.
const NEVER_READING_CLIENTS = `
const net = require('node:net');
const [url, request, count, times] = process.argv.slice(1);
const sockets = Array.from({ length: Number(count) }, () => net.connect(Number(new URL(url).port), '127.0.0.1'));
let connected = 0;
for (const socket of sockets) {
  socket.pause();
  socket.on('error', () => {});
  socket.on('connect', () => {
    connected += 1;
    if (connected === sockets.length) for (const each of sockets) each.write(request.repeat(Number(times)));
  });
}
// Paused sockets alone would not keep this process alive.
setInterval(() => {}, 1000);`;

// A server on a free port of loopback, closed after the test, and its URL.
async function listeningServer(
  mock: Parameters<typeof createNodeServer>[0],
  options: NodeServerOptions = {},
): Promise<{ server: Server; url: string }> {
  const server = createNodeServer(mock, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// How many connections `server` has open.
const openConnections = (server: Server) =>
  new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count ?? 0)));

// A server (its port) that reads every connection a slice (4 kB) at a time: past 64 open
// connections it does, and 70 idle ones are held open.
async function slicingServer(mock: Parameters<typeof createNodeServer>[0]): Promise<number> {
  const { server, url } = await listeningServer(mock);
  const port = Number(new URL(url).port);
  const idle = Array.from({ length: 70 }, () => connect(port, '127.0.0.1'));
  closers.push(() => {
    for (const socket of idle) socket.destroy();
  });
  await until(async () => (await openConnections(server)) >= 70);
  return port;
}

async function listening(
  mock: Parameters<typeof createNodeServer>[0],
  options: NodeServerOptions = {},
): Promise<string> {
  return (await listeningServer(mock, options)).url;
}

// A mock whose /big answers 16 MB, more than loopback's buffers take from a client that does not read.
const ANSWER_CHARS = 16 * 2 ** 20;
const bigAnswers = {
  respond: async (call: { url: string }) =>
    ({
      status: 200,
      body: { ok: true, data: call.url.endsWith('/big') ? 'x'.repeat(ANSWER_CHARS) : 1 },
    }) as const,
};

// A connection that asks for /big and reads none of it (until resumed).
async function unreadAnswer(url: string): Promise<Socket> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.pause();
  socket.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
  closers.push(() => socket.destroy());
  return socket;
}

async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('createNodeServer', () => {
  it('writes a state of many contacts in pieces that join to the state, chunked, and HEAD without them', async () => {
    const mock = createMockService({
      seed: {
        orgs: [{ _id: 'o' }],
        contacts: Array.from({ length: 25_000 }, (_, i) => ({
          org_id: 'o',
          cell: `2782${String(1_000_000 + i).padStart(7, '0')}`,
        })),
      },
    });
    const url = await listening(mock);
    const answer = await fetch(`${url}/__mock/state`, { headers: { origin: 'http://page.test' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The control plane grants other origins nothing by default, pieces or not.
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(await answer.text()).toBe(JSON.stringify({ ok: true, data: mock.state() }));
    const head = await fetch(`${url}/__mock/state`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('gzips an answer made in pieces for a client that accepts it, and only then', async () => {
    const mock = createMockService({ rateLimit: false });
    for (let i = 0; i < 60; i++)
      await mock.fetch(`${mock.baseUrl}/tags`, { headers: { authorization: 'Bearer x' } });
    const url = await listening(mock);
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
        get(`${url}/__mock/requests.har`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const expected = JSON.stringify(mock.requestsHar());
    const zipped = await raw('gzip, deflate');
    expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' });
    expect(zipped.headers['content-disposition']).toBe('attachment; filename="requests.har"');
    expect(gunzipSync(zipped.bytes).toString()).toBe(expected);
    expect(zipped.bytes.length).toBeLessThan(expected.length / 4);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(expected);
  });

  it('answers a request whose Host header makes no URL with a 400 envelope, not a 500', async () => {
    for (const host of ['bad host', 'x/__mock', 'user@x', 'x?y', 'x#y', 'x\\y', '[::1']) {
      const answer = await rawExchange(`GET /state HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer, host).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body, host).toEqual({
        ok: false,
        error: expect.stringMatching(/^Bad request: (the Host header .* is not a host|.*Invalid URL)/),
      });
    }
  });

  it('closes a connection after a request asking to upgrade it, whose pipelined followers Node never reads', async () => {
    const answer = await rawExchange(
      'GET /__mock/health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n' +
        'GET /__mock/clock HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('routes a request with an empty Host by its path, as one for a target without an authority', async () => {
    const answer = await rawExchange('GET /__mock/health HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const misrouted = await rawExchange('GET /x/__mock/state HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n');
    expect(misrouted).toMatch(/^HTTP\/1\.1 404 /);
  });

  it('answers an HTTP/1.1 request without a Host header 400 in an envelope, and HTTP/1.0 as usual', async () => {
    const answer = await rawExchange('GET /tags HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"ok":false,"error":"Bad request: an HTTP/1.1 request needs a Host header"}');
    expect(await rawExchange('GET /tags HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 401 /);
    // Its OpenAPI document names the address the request came to.
    const document = await rawExchange('GET /openapi.json HTTP/1.0\r\n\r\n');
    const servers = JSON.parse(document.slice(document.indexOf('\r\n\r\n') + 4)).servers;
    expect(servers).toEqual([
      expect.objectContaining({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) }),
    ]);
  });

  it('answers a URL past Node’s header limit 431 and a malformed message 400, each in an envelope', async () => {
    const long = await rawExchange(`GET /contacts/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(long).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(long.slice(long.indexOf('\r\n\r\n') + 4))).toEqual({
      ok: false,
      error: expect.stringMatching(/^Request headers too large/),
    });
    const garbled = await rawExchange('GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n');
    expect(garbled).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbled.slice(garbled.indexOf('\r\n\r\n') + 4)).ok).toBe(false);
  });

  it('gives each answer an x-request-id and its exact content-length', async () => {
    const answer = await rawExchange(
      'GET /contacts/27821234567 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 401 /);
    expect(head).toMatch(/\r\nx-request-id: req_[0-9a-f]{24}\r\n/);
    expect(head).toContain(`\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`);
    expect(JSON.parse(body)).toMatchObject({ ok: false });
  });

  it('journals the headers as they arrived, a repeated one once with its values joined', async () => {
    const mock = createMockService();
    await rawExchange(
      'GET /tags HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tag: a\r\nX-Tag: b\r\nConnection: close\r\n\r\n',
      mock,
    );
    expect(mock.requests()[0]?.headers).toEqual({ host: '127.0.0.1', 'x-tag': 'a, b', connection: 'close' });
  });

  it('answers an error of the mock’s own 500 "Internal mock error" with its request ID, and logs its stack', async () => {
    const logged: [unknown, string][] = [];
    const broken = { respond: () => Promise.reject(new RangeError('planted bug')) };
    const answer = await rawExchange(
      'GET /tags HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      broken,
      { onError: (error, id) => logged.push([error, id]) },
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 500 /);
    const id = head.match(/\r\nx-request-id: (req_[0-9a-f]{24})\r\n/)?.[1];
    expect(JSON.parse(body)).toEqual({
      ok: false,
      error: `Internal mock error (request ${id}); the mock’s log has the details`,
    });
    expect(logged).toEqual([[expect.objectContaining({ message: 'planted bug' }), id]]);
  });

  it('answers HEAD on a GET route as GET, without the body', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] } });
    const get = await rawExchange(
      'GET /tags HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nConnection: close\r\n\r\n',
      mock,
    );
    const head = await rawExchange(
      'HEAD /tags HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nConnection: close\r\n\r\n',
      mock,
    );
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head.endsWith('\r\n\r\n')).toBe(true);
    const length = (text: string) => text.match(/content-length: (\d+)/)?.[1];
    expect(length(head)).toBe(length(get));
    const health = await rawExchange(
      'HEAD /__mock/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      mock,
    );
    expect(health).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('serves the OpenAPI document gzipped with its ETag, and 304 with no body when revalidated', async () => {
    const url = `${await listening(createMockService())}/openapi.json`;
    const zipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect((await zipped.json()).servers[0].url).toBe(url.replace('/openapi.json', ''));
    const etag = zipped.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('gives the plain and the gzipped OpenAPI document each its own strong ETag, both varying by Accept-Encoding', async () => {
    const url = `${await listening(createMockService())}/openapi.json`;
    const zipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    await Promise.all([zipped.arrayBuffer(), plain.arrayBuffer()]);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const [zippedTag, plainTag] = [zipped.headers.get('etag')!, plain.headers.get('etag')!];
    expect(zippedTag).toBe(plainTag.replace(/"$/, '-gzip"'));
    expect(zipped.headers.get('vary')).toBe('accept-encoding');
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    // Either tag revalidates; the 304 names the form the client would get.
    const plainAgain = await fetch(url, {
      headers: { 'accept-encoding': 'identity', 'if-none-match': zippedTag },
    });
    expect(plainAgain.status).toBe(304);
    expect(plainAgain.headers.get('etag')).toBe(plainTag);
    const zippedAgain = await fetch(url, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': plainTag },
    });
    expect(zippedAgain.status).toBe(304);
    expect(zippedAgain.headers.get('etag')).toBe(zippedTag);
  });

  it('refuses a control body over 2 MiB by its content-length, before reading it, and closes', async () => {
    const answer = await rawExchange(
      `POST /__mock/faults HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${3 * 2 ** 20}\r\n\r\n{"body":[`,
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(body).error).toBe('Request body is larger than 2097152 bytes');
  });

  it('answers health while requests that arrived before it wait their turn behind 10 ms of work', async () => {
    const burn = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const busy = {
      respond: async (call: { url: string }) => {
        if (!call.url.endsWith('/__mock/health')) burn(15);
        return { status: 200, body: { ok: true } } as const;
      },
    };
    const url = await listening(busy);
    const { port } = new URL(url);
    // Forty connections and a health probe's, open first; then the forty requests and the probe
    // sent at once, so that the server reads them all in one turn (600 ms of work).
    const sockets = await Promise.all(
      Array.from(
        { length: 41 },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
            closers.push(() => socket.destroy());
          }),
      ),
    );
    // Accepted by the server before the requests go out (it accepts them as its loop turns).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answered: string[] = [];
    const all = sockets.map(
      (socket, i) =>
        new Promise<void>((resolve) => {
          socket.once('data', () => {
            answered.push(i === 40 ? 'health' : 'work');
            resolve();
          });
        }),
    );
    for (const [i, socket] of sockets.entries())
      socket.write(
        `GET ${i === 40 ? '/__mock/health' : '/work'} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
    await Promise.all(all);
    // Read in one turn, all forty ran before health; now it comes after about 10 ms of them.
    expect(answered.indexOf('health')).toBeLessThan(20);
    expect(answered).toHaveLength(41);
  });

  it('answers a request whose client half-closed after sending it, when the answer comes later', async () => {
    // rawExchange ends its side once the request is written; the latency makes the answer late.
    const answer = await rawExchange(
      'GET /contacts/27821000000 HTTP/1.1\r\nhost: x\r\nauthorization: Bearer demo_seller_admin\r\n\r\n',
      createMockService({ latency: 50, seed: demoWorld() }),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({
      ok: true,
      data: { cell: '27821000000' },
    });
  });

  it('answers the good requests before bytes it cannot read behind them, then closes', async () => {
    const server = createNodeServer(createMockService({ latency: 30, seed: demoWorld() }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    const { port } = server.address() as AddressInfo;
    const get =
      'GET /contacts/27821000000 HTTP/1.1\r\nhost: x\r\nauthorization: Bearer demo_seller_admin\r\n\r\n';
    // Two requests whose answers come later, then bytes that are no request (left open), or half a
    // request and the client's FIN.
    const exchange = (bytes: string, fin: boolean) =>
      new Promise<string[]>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => (fin ? socket.end(bytes) : socket.write(bytes)));
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('close', () => resolve([...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]!)));
      });
    expect(await exchange(`${get}${get}BOGUS / HTTP/1.1\r\n\r\n`, false)).toEqual(['200', '200', '400']);
    const half = 'POST /contacts HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n{"a"';
    expect((await exchange(`${get}${get}${half}`, true)).slice(0, 2)).toEqual(['200', '200']);
    // Half a body with a key, then FIN: its 400, and the connection closed (it was left open).
    const keyed = `POST /contacts HTTP/1.1\r\nhost: x\r\nauthorization: Bearer demo_seller_admin\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"contacts":[`;
    expect(await exchange(`${get}${keyed}`, true)).toEqual(['200', '400']);
    // A body that cannot be read: one answer for its request, the 400 (here the answer comes later),
    // or the 401 made before reading the body (a mock without latency), never both.
    const chunked = 'POST /contacts HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n';
    expect(await exchange(chunked, false)).toEqual(['400']);
    const prompt = await rawExchange(chunked, createMockService({ seed: demoWorld() }));
    expect([...prompt.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])).toEqual(['401']);
  });

  it('answers each of 5,000 POSTs pipelined on one connection, their bodies read past the backlog’s hold', async () => {
    const url = await listening(createMockService({ seed: demoWorld(), rateLimit: false, billing: false }));
    const { seen } = pipeline(url, SEARCH_REQUEST, 5_000);
    // Before, answers stopped at about 1,100 and the connection stayed open with nothing sent.
    await expect.poll(() => seen.ok, { timeout: 20_000, interval: 100 }).toBe(5_000);
  }, 30_000);

  it('lets connections held for their pipelined answers read again one a turn, not all in the same turn', async () => {
    const { server, url } = await listeningServer(createMockService({ seed: demoWorld(), rateLimit: false }));
    // Connections are not read until all 24 have sent their requests, then all at once, as when
    // they arrive together: their first reads fall in one turn, and they drain in step.
    (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
    const connected: Socket[] = [];
    server.on('connection', (socket: Socket) => {
      connected.push(socket);
      if (connected.length < 24) return;
      setTimeout(() => {
        for (const each of connected) each.resume();
      }, 300);
    });
    // The requests read in each turn of the event loop, and the connections they came on.
    let turn = 0;
    let counting = true;
    const tick = () => {
      turn += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const readIn = new Map<number, Socket[]>();
    server.on('request', (req: IncomingMessage) => {
      const sockets = readIn.get(turn) ?? [];
      sockets.push(req.socket);
      readIn.set(turn, sockets);
    });
    // 24 clients in another process pipeline 3,500 requests each, all at once, and read none.
    const clients = spawn(process.execPath, ['-e', NEVER_READING_CLIENTS, url, TAGS_REQUEST, '24', '3500'], {
      stdio: 'ignore',
    });
    const gone = new Promise((resolve) => clients.once('exit', resolve));
    // About three reads of each connection's 252 kB.
    const read = () => [...readIn.values()].reduce((sum, sockets) => sum + sockets.length, 0);
    await expect.poll(read, { timeout: 20_000, interval: 100 }).toBeGreaterThan(60_000);
    counting = false;
    // The connections' work, thousands of requests, ends before the next test's.
    clients.kill();
    await gone;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    // Each is held, and let go once its answers are in the kernel's buffers; it then reads up to
    // 64 kB of requests at once (910 of these). The connections drain in step: let go in the same
    // turn, all were read together (over 20,000 requests), every other request waiting.
    const turns = [...readIn.values()];
    const seen = new Set<Socket>();
    const allRead = turns.findIndex((sockets) => {
      for (const socket of sockets) seen.add(socket);
      return seen.size === 24;
    });
    const later = turns.slice(allRead + 1).map((sockets) => sockets.length);
    expect(Math.max(...later)).toBeLessThanOrEqual(3 * 910);
    expect(later.length).toBeGreaterThan(24);
  }, 40_000);

  it('aborts the requests a held connection leaves waiting without formatting a stack for each', async () => {
    const { server, url } = await listeningServer(createMockService({ seed: demoWorld(), rateLimit: false }));
    // Node aborts each with an error and reads its stack; 455,000 of them were half the server's
    // time behind 500 connections that pipelined and left.
    const requests: IncomingMessage[] = [];
    server.on('request', (req: IncomingMessage) => requests.push(req));
    const aborted = () => requests.flatMap((req) => (req.errored ? [req.errored] : []));
    const limit = Error.stackTraceLimit;
    pipeline(url, TAGS_REQUEST, 5_000, { paused: true });
    // Its first 64 kB read (910 requests), the connection is held; then it closes, as it does when
    // the server next writes to a client that has gone.
    await expect.poll(() => requests.length, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(900);
    requests[0]!.socket.destroy();
    await expect.poll(() => aborted().length, { timeout: 5_000, interval: 50 }).toBeGreaterThan(100);
    expect(aborted().every((error) => (error as { code?: string }).code === 'ECONNRESET')).toBe(true);
    expect(aborted().filter((error) => error.stack?.includes('\n    at '))).toEqual([]);
    // Errors made after the close have their stacks again.
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('later').stack).toContain('\n    at ');
  });

  it('waits past the headers timeout for a pipelining client that pauses reading, and cuts one that shows no progress for requestMs', async () => {
    const url = await listening(createMockService({ seed: demoWorld(), rateLimit: false }), {
      timeouts: { headersMs: 300, requestMs: 2_500 },
    });
    const pipelining = () => pipeline(url, TAGS_REQUEST, 20_000, { paused: true });
    // Paused four times the headers timeout: before, a 408 then, and the rest were lost.
    const paused = pipelining();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    paused.socket.resume();
    await expect.poll(() => paused.seen.ok, { timeout: 20_000, interval: 100 }).toBe(20_000);
    expect(paused.seen.closed).toBe(false);
    // Its client reads again only after requestMs and more: the connection was cut meanwhile.
    const gone = pipelining();
    gone.socket.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    gone.socket.resume();
    await expect.poll(() => gone.seen.closed, { timeout: 5_000, interval: 100 }).toBe(true);
    expect(gone.seen.ok).toBeLessThan(20_000);
  }, 40_000);

  it('keeps a pipelining connection whose client reads steadily past requestMs', async () => {
    const url = await listening(createMockService({ seed: demoWorld(), rateLimit: false, billing: false }), {
      timeouts: { headersMs: 2_000, requestMs: 2_500 },
    });
    const { socket, seen } = pipeline(url, SEARCH_REQUEST, 3_000, { paused: true });
    // 100 kB every 100 ms for twice requestMs: the kernel shows the server progress about every
    // megabyte.
    for (let tick = 0; tick < 50 && !seen.closed; tick++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.read(Math.min(100_000, socket.readableLength || 1));
    }
    // Read at full speed now: every answer comes, on the same connection.
    socket.on('error', () => {});
    socket.resume();
    await expect.poll(() => seen.ok, { timeout: 10_000, interval: 100 }).toBe(3_000);
    expect(seen.closed).toBe(false);
  }, 30_000);

  it('answers CONNECT 405 in an envelope rather than closing without a word', async () => {
    const answer = await rawExchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectEnvelope(answer, 405, 'Method not allowed: the mock is not a proxy and does not CONNECT');
  });

  it('warns of no listener leak when 40 large answers are pipelined on a connection that does not read', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const url = await listening(createMockService({ rateLimit: false }));
      const { socket, seen } = pipeline(url, 'GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n', 40, {
        paused: true,
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      socket.resume();
      await expect.poll(() => seen.ok, { timeout: 20_000, interval: 100 }).toBe(40);
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  }, 30_000);

  it('answers 30 pipelined requests, then 400 for one the client cut short with its end, when read in slices', async () => {
    // 30 pipelined are held past 16.
    const port = await slicingServer(createMockService({ rateLimit: false }));
    for (let round = 0; round < 5; round++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.end(
        `${'GET /nope HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(30)}GET /nope/cut HTTP/1.1\r\nHost: x\r\nX-A: b`,
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      await new Promise((resolve) => socket.once('close', resolve));
      const statuses = text.match(/HTTP\/1\.1 \d+/g)?.map((line) => line.slice(9));
      expect(statuses).toEqual([...Array(30).fill('404'), '400']);
    }
  });

  it('answers requests pipelined before a Connection: close once, with no listener warning for the bytes after it', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const port = await slicingServer(createMockService({ rateLimit: false }));
      const request = (i: number, extra = '') =>
        `GET /tags?i=${i} HTTP/1.1\r\nHost: x\r\n${i % 3 === 0 ? `X-Pad: ${'z'.repeat(5_000)}\r\n` : ''}${extra}\r\n`;
      const before = Array.from({ length: 30 }, (_, i) => request(i)).join('');
      const after = Array.from({ length: 29 }, (_, i) => request(31 + i)).join('');
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`${before}${request(30, 'Connection: close\r\n')}${after}`),
      );
      socket.on('error', () => undefined);
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      await new Promise((resolve) => socket.once('close', resolve));
      // Each request up to the one that closes is answered, and nothing after it.
      expect(text.match(/HTTP\/1\.1 \d+/g)?.length).toBe(31);
      expect(text.match(/HTTP\/1\.1 401/g)?.length).toBe(31);
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('answers the requests pipelined before a CONNECT, then the CONNECT 405', async () => {
    const health = 'GET /__mock/health HTTP/1.1\r\nHost: x\r\n\r\n';
    const answer = await rawExchange(
      `${health.repeat(40)}CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`,
    );
    // Before, only the 405 came: the 40 answers were lost though their work was done.
    const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual([...Array(40).fill('200'), '405']);
  });

  it('answers a large answer pipelined before a CONNECT in full, then the 405, and closes', async () => {
    const answer = await rawExchange(
      'GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\nCONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      { respond: async () => ({ status: 200, body: { ok: true, data: 'x'.repeat(4 * 2 ** 20) } }) },
    );
    const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '405']);
    expect(answer.length).toBeGreaterThan(4 * 2 ** 20);
  });

  it('keeps serving when a client resets its connection while a CONNECT waits behind unread answers', async () => {
    const url = await listening(createMockService());
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.pause();
    // Forty answers of 160 kB, more than the kernel holds for a client that does not read.
    socket.write(
      `${'GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(40)}CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
  });

  it('lets seeds and new worlds through while a large upload stalls midway, or is dropped after one gave up', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] } });
    const url = await listening(createWorldRouter(mock));
    const { port } = new URL(url);
    // A create whose body is declared 2 MB long and stops after its first bytes.
    const upload = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => upload.once('connect', resolve));
    upload.write(
      'POST /contacts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{"contacts":[{"cell":"27821234567"}',
    );
    closers.push(() => upload.destroy());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const post = (path: string, body: unknown, signal?: AbortSignal) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      }).then((answer) => answer.status);
    // One that gives up while the upload is unfinished, then the upload's client leaves.
    await post('/__mock/worlds', { name: 'gave-up' }, AbortSignal.timeout(300)).catch(() => undefined);
    const started = performance.now();
    expect(await post('/__mock/seed', { orgs: [{ _id: 'more' }] })).toBe(200);
    upload.destroy();
    expect(await post('/__mock/worlds', { name: 'after' })).toBe(201);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('answers a transfer coding other than chunked 501 in an envelope, and reads chunked in any case', async () => {
    const request = (codings: string) =>
      `POST /contacts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: ${codings}\r\n\r\n2\r\n{}\r\n0\r\n\r\n`;
    expectEnvelope(
      await rawExchange(request('gzip, chunked')),
      501,
      'Transfer-Encoding "gzip, chunked" is not supported: send the body chunked, or with a content-length',
    );
    expectEnvelope(await rawExchange(request(' Chunked')), 401, 'Unauthorized');
  });

  it('takes a request target in absolute form as its path', async () => {
    const answer = await rawExchange('GET http://x:4010/__mock/health?probe=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await rawExchange('GET http://x HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 404 /);
    expectEnvelope(
      await rawExchange('GET HTTPS://x/contacts/27821000000 HTTP/1.1\r\nHost: x\r\n\r\n'),
      401,
      'Unauthorized',
    );
  });

  it('answers an Expect other than 100-continue 417 in an envelope', async () => {
    const answer = await rawExchange('GET /tags HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n');
    expectEnvelope(
      answer,
      417,
      'Expectation failed: the mock meets only "Expect: 100-continue", not "200-ok"',
    );
  });

  it('sends 100 Continue only for a body it reads: a refusal from the headers comes at once, then the close', async () => {
    const url = await listening(createMockService({ seed: demoWorld() }));
    const exchange = async (headers: string, body?: string) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      closers.push(() => socket.destroy());
      socket.on('error', () => undefined);
      let text = '';
      const closed = new Promise((resolve) => socket.once('close', resolve));
      const next = () => new Promise((resolve) => socket.once('data', resolve));
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.write(`POST /contacts/search HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n${headers}\r\n`);
      await next();
      if (body !== undefined && text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        socket.write(body);
        while (!/\r\n\r\n[\s\S]*\r\n\r\n[\s\S]*\}$/.test(text)) await next();
      }
      return { text, socket, closed };
    };
    const huge = 'Content-Type: application/json\r\nContent-Length: 100000000\r\n';
    const noKey = await exchange(huge);
    expect(noKey.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(noKey.text).toMatch(/\r\nconnection: close\r\n/i);
    await noKey.closed;
    const tooLarge = await exchange(`${huge}Authorization: Bearer demo_seller_admin\r\n`);
    expect(tooLarge.text).toMatch(/^HTTP\/1\.1 413 /);
    await tooLarge.closed;
    const search = JSON.stringify({ find: { tag_ids: { $in: ['tag_vip'] } }, options: { limit: 1 } });
    const wanted = await exchange(
      `Content-Type: application/json\r\nContent-Length: ${search.length}\r\nAuthorization: Bearer demo_seller_admin\r\n`,
      search,
    );
    expect(wanted.text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(wanted.text).not.toMatch(/\r\nconnection: close\r\n/i);
    // Its connection stays open for the next request, and so does one of a request with no body
    // that says Expect (it was closed).
    const again = new Promise<string>((resolve) => {
      let text = '';
      const take = (chunk: Buffer) => {
        text += chunk;
        if (!text.endsWith('}')) return;
        wanted.socket.off('data', take);
        resolve(text);
      };
      wanted.socket.on('data', take);
    });
    wanted.socket.write('GET /__mock/health HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n');
    const health = await again;
    expect(health).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(health).not.toMatch(/\r\nconnection: close\r\n/i);
  });

  it('answers 503 with retry-after while clients leave too many answers unread, health still 200', async () => {
    const url = await listening(bigAnswers, { maxUnsentBytes: 8 * 2 ** 20 });
    const holder = await unreadAnswer(url);
    await until(async () => (await fetch(`${url}/tags`)).status === 503);
    const busy = await fetch(`${url}/tags`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect((await busy.json()).error).toBe(
      'The mock is busy: clients have not read 8 MiB of answers it wrote; try again shortly',
    );
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
    holder.destroy();
    await until(async () => (await fetch(`${url}/tags`)).status === 200);
  });

  it('answers a chunked body to a route that takes no upload 413 once it passes 4 MiB, not once it ends', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] } });
    const url = await listening(mock, { maxBodyBytes: 64 * 2 ** 20 });
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    closers.push(() => socket.destroy());
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      'POST /contacts/search HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const chunk = `10000\r\n${' '.repeat(0x10000)}\r\n`;
    let sent = 0;
    while (answer === '' && sent < 32 * 2 ** 20 && !socket.destroyed) {
      if (!socket.write(chunk)) await new Promise((resolve) => setTimeout(resolve, 1));
      sent += 0x10000;
      if (sent % 2 ** 20 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await until(async () => answer.includes('\r\n\r\n{'));
    expectEnvelope(answer, 413, 'Request body is larger than 4194304 bytes');
    expect(sent).toBeLessThan(12 * 2 ** 20);
  });

  it('answers a body 503 with retry-after while others hold the room for bodies, and takes it once they are answered', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] } });
    const url = await listening(mock, { maxBodyBytes: 2 ** 20, maxHeldBodyBytes: 2 ** 20 });
    const upload = (length: number) =>
      `POST /contacts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    const contacts = `{"contacts":[{"cell":"27821234567","firstname":"${'a'.repeat(590_000)}"}]}`;
    // One upload that stops after 600 kB of its 900 kB: its bytes are held until it is answered.
    const stalled = connect(Number(new URL(url).port), '127.0.0.1');
    closers.push(() => stalled.destroy());
    await new Promise((resolve) => stalled.once('connect', resolve));
    const whole = `{"contacts":[{"cell":"27821234567","firstname":"${'b'.repeat(900_000 - 60)}"}]}`.padEnd(
      900_000,
    );
    stalled.write(upload(whole.length) + whole.slice(0, 600_000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const post = () =>
      fetch(`${url}/contacts`, {
        method: 'POST',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: contacts,
      });
    const busy = await post();
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.headers.get('connection')).toBe('close');
    expect((await busy.json()).error).toBe(
      'The mock is busy: it holds 1 MiB of request bodies being read; try again shortly',
    );
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
    const answered = new Promise<string>((resolve) =>
      stalled.once('data', (chunk) => resolve(String(chunk))),
    );
    stalled.write(whole.slice(600_000));
    expect(await answered).toMatch(/^HTTP\/1\.1 200 /);
    expect((await post()).status).toBe(200);
  });

  it('gives back the room of bodies refused before they were read, and journals their head', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] } });
    const url = await listening(mock, { maxBodyBytes: 2 ** 20, maxHeldBodyBytes: 2 ** 20 });
    const contacts = (length: number) =>
      `{"contacts":[{"cell":"27821234567","firstname":"${'a'.repeat(length)}"}]}`;
    const post = (path: string, body: string, authorization?: string) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body,
      }).then((answer) => answer.status);
    // Each refused before its body is read: no key, a bad key, a wrong method, no such route.
    for (let round = 0; round < 3; round++) {
      expect(await post('/contacts', contacts(800_000))).toBe(401);
      expect(await post('/contacts', contacts(800_000), 'Bearer nope')).toBe(401);
      expect(await post('/nope', contacts(800_000), 'Bearer k')).toBe(404);
    }
    expect(await post('/contacts', contacts(600_000), 'Bearer k')).toBe(200);
    const entry = (await (await fetch(`${url}/__mock/requests?status=404&limit=1`)).json()).data[0];
    const detail = await (await fetch(`${url}/__mock/requests/${entry.id}`)).json();
    expect(detail.data.body_truncated).toBe(true);
    expect(detail.data.body).toMatch(/^\{"contacts":\[\{"cell":"27821234567","firstname":"a+$/);
    expect(detail.data.body.length).toBe(64 * 1024);
  });

  it('delivers an answer sent before the body to a client that said Connection: close and is still sending', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] } });
    const url = await listening(mock);
    // In another process, as a client is: ten rounds of a 10 MiB upload without a key, sent whole
    // while the 401 comes back; each prints the status line it got, or NONE.
    const client = `
      const net = require('node:net');
      (async () => {
        for (let round = 0; round < 10; round++) {
          const got = await new Promise((resolve) => {
            const socket = net.connect(${new URL(url).port}, '127.0.0.1');
            let text = '';
            socket.on('data', (chunk) => { text += chunk; });
            socket.on('error', () => {});
            socket.on('close', () => resolve(text.split('\\r\\n')[0] || 'NONE'));
            socket.on('connect', () => {
              socket.write('POST /contacts HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\nContent-Type: application/json\\r\\nContent-Length: ${10 * 2 ** 20}\\r\\n\\r\\n');
              const piece = Buffer.alloc(65536, 32);
              let sent = 0;
              const pump = () => {
                while (sent < ${10 * 2 ** 20} && !socket.destroyed) {
                  sent += piece.length;
                  if (!socket.write(piece, () => {})) return socket.once('drain', pump);
                }
                if (!socket.destroyed) socket.end();
              };
              pump();
            });
          });
          console.log(got);
        }
      })();`;
    const output = await runClient(client);
    // Closed at once after the 401, the connection was reset under the client's writes: the
    // answer was lost 7 times in 20.
    expect(output.trim().split('\n')).toEqual(Array(10).fill('HTTP/1.1 401 Unauthorized'));
  }, 30_000);

  it('answers every request up to a Connection: close while its client keeps pipelining after it', async () => {
    const url = await listening(createMockService());
    // In another process: 30 pipelined requests, one saying Connection: close, then 3,000 more,
    // each in its own write; each of eight rounds prints how many answers came.
    const client = `
      const net = require('node:net');
      const request = (close) => 'GET /__mock/health HTTP/1.1\\r\\nHost: x\\r\\n' + (close ? 'Connection: close\\r\\n' : '') + '\\r\\n';
      (async () => {
        for (let round = 0; round < 8; round++) {
          const answers = await new Promise((resolve) => {
            const socket = net.connect(${new URL(url).port}, '127.0.0.1');
            let text = '';
            socket.on('data', (chunk) => { text += chunk; });
            socket.on('error', () => {});
            socket.on('close', () => resolve((text.match(/HTTP\\/1\\.1 200/g) || []).length));
            socket.on('connect', async () => {
              socket.write(request(false).repeat(30) + request(true));
              for (let i = 0; i < 3000 && !socket.destroyed; i++) {
                socket.write(request(false), () => {});
                if (i % 50 === 0) await new Promise((next) => setImmediate(next));
              }
            });
          });
          console.log(answers);
        }
      })();`;
    const output = await runClient(client);
    // The bytes after the Connection: close were a parse error, answered by cutting the
    // connection: the answers owed before it were lost to the reset (0-29 of 31, 7 runs in 10).
    expect(output.trim().split('\n')).toEqual(Array(8).fill('31'));
  }, 30_000);

  it('delivers every answer owed before a Connection: close to a client that writes on and reads late', async () => {
    const url = await listening(createMockService());
    const document = await openApiDocument(url);
    // 20 pipelined, the last saying Connection: close, then a request written every 5 ms for 2 s
    // without reading, then reading.
    const { bytes, last } = await pipelinedOpenApiReader(url, {
      onConnect: `
        socket.pause();
        socket.write(request(false).repeat(19) + request(true));
        writing = setInterval(() => { if (!socket.destroyed) socket.write(request(false), () => {}); }, 5);
        setTimeout(() => { clearInterval(writing); socket.resume(); }, 2000);`,
    });
    // Cut a second after the close, it had 1 of the 20 (128 kB), reset.
    expect(bytes).toBeGreaterThan(20 * Buffer.byteLength(document));
    expect(last).toBe(document.slice(-20));
  }, 30_000);

  it('delivers the answers before a Connection: close to a client reading slowly and writing now and then', async () => {
    const url = await listening(createMockService());
    const document = await openApiDocument(url);
    // 10 pipelined (1.9 MB in all), the last saying Connection: close, read at about 600 kB/s, a
    // request written every 1.5 s meanwhile.
    const { bytes, last } = await pipelinedOpenApiReader(url, {
      onData: 'socket.pause(); setTimeout(() => socket.resume(), chunk.length / 600);',
      onConnect: `
        socket.write(request(false).repeat(9) + request(true));
        writing = setInterval(() => { if (!socket.destroyed) socket.write(request(false), () => {}); }, 1500);`,
    });
    // Cut once it had been a second without a byte from the client, it lost the rest.
    expect(bytes).toBeGreaterThan(10 * Buffer.byteLength(document));
    expect(last).toBe(document.slice(-20));
  }, 30_000);

  it('journals the head of a body its client abandoned after an early answer', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] } });
    const url = await listening(mock);
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    closers.push(() => socket.destroy());
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const answered = new Promise((resolve) => socket.once('data', resolve));
    socket.write(
      `POST /contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${2 ** 20}\r\n\r\n{"contacts":[${' '.repeat(100_000)}`,
    );
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await until(async () => {
      const [entry] = (await (await fetch(`${url}/__mock/requests?status=401&limit=1`)).json()).data;
      const detail = await (await fetch(`${url}/__mock/requests/${entry.id}`)).json();
      return detail.data.body_truncated === true && detail.data.body.startsWith('{"contacts":[   ');
    });
  });

  it('counts no unread bytes for the OpenAPI document, which is kept once for every client', async () => {
    const url = await listening(createMockService(), { maxUnsentBytes: 8 * 2 ** 20 });
    // Each never-reading connection leaves 16 answers of the 160 kB document unread: 2.5 MB each.
    const readers = Array.from({ length: 6 }, () =>
      pipeline(url, 'GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n', 40, { paused: true }),
    );
    await until(async () => readers.every(({ socket }) => socket.bytesWritten > 0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200);
    const answer = await fetch(`${url}/__mock/requests?limit=1`);
    expect(answer.status).toBe(200);
  });

  it('counts no bytes for an answer made after its connection was cut', async () => {
    const slowBig = {
      respond: async (call: { url: string }) => {
        if (call.url.endsWith('/big')) await new Promise((resolve) => setTimeout(resolve, 100));
        return bigAnswers.respond(call);
      },
    };
    const url = await listening(slowBig, { maxUnsentBytes: 8 * 2 ** 20 });
    const gone = await unreadAnswer(url);
    await new Promise((resolve) => setTimeout(resolve, 20));
    gone.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Counted on a 'close' that had come already, its 16 MB were held for ever: every request 503.
    expect((await fetch(`${url}/tags`)).status).toBe(200);
  });

  it('drops an answer made in pieces 503 when clients hold too many unread answers by the time it is made', async () => {
    let made!: () => void;
    const waiting = new Promise<void>((resolve) => {
      made = resolve;
    });
    const mock = {
      async respond(call: { url: string }) {
        if (!call.url.endsWith('/export')) return bigAnswers.respond(call);
        await waiting;
        return okPieces(['{"ok":true}']);
      },
    };
    const url = await listening(mock, { maxUnsentBytes: 8 * 2 ** 20 });
    const exported = fetch(`${url}/export`);
    const holder = await unreadAnswer(url);
    await until(async () => (await fetch(`${url}/tags`)).status === 503);
    made();
    expect((await exported).status).toBe(503);
    holder.destroy();
    await until(async () => (await fetch(`${url}/export`)).status === 200);
  });

  it('says an answer in pieces is sent only once its client has taken it all', async () => {
    const answer = okPieces(['{"ok":true,"data":"', 'x'.repeat(ANSWER_CHARS), '"}']);
    let sent = false;
    void whenSent(answer).then(() => {
      sent = true;
    });
    const url = await listening({ respond: async () => answer });
    const reader = await unreadAnswer(url);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toBe(false);
    reader.resume();
    await until(async () => sent);
  });

  it('cuts a connection whose client reads none of its answer for sendMs, and takes requests again', async () => {
    const url = await listening(bigAnswers, { maxUnsentBytes: 8 * 2 ** 20, timeouts: { sendMs: 200 } });
    const holder = await unreadAnswer(url);
    const closed = new Promise((resolve) => holder.once('close', resolve));
    const started = performance.now();
    await until(async () => (await fetch(`${url}/tags`)).status === 200);
    expect(performance.now() - started).toBeLessThan(3_000);
    holder.resume();
    await closed;
    expect(holder.bytesRead).toBeLessThan(ANSWER_CHARS);
  });

  it('keeps a connection whose client reads its answer slowly but steadily', async () => {
    // The kernel takes what a slow reader frees in bursts (a third of its buffer), so sendMs leaves room.
    const url = await listening(bigAnswers, { timeouts: { sendMs: 800 } });
    const reader = await unreadAnswer(url);
    let bytes = 0;
    reader.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      reader.pause();
      setTimeout(() => reader.resume(), 10);
    });
    reader.resume();
    const closed = new Promise((resolve) => reader.once('close', resolve));
    await Promise.race([closed, until(async () => bytes > ANSWER_CHARS, 30_000)]);
    expect(reader.destroyed).toBe(false);
    expect(bytes).toBeGreaterThan(ANSWER_CHARS);
  }, 40_000);

  it('closes a connection whose headers do not arrive in time (slow loris)', async () => {
    const { port } = new URL(await listening(createMockService(), { timeouts: { headersMs: 300 } }));
    const started = performance.now();
    const answer = await new Promise<string>((resolve, reject) => {
      // Headers begun and never finished, the connection left open.
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /tags HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('cuts slow-loris and silent connections whose clients neither read their 408 nor close', async () => {
    const { server, url } = await listeningServer(createMockService(), { timeouts: { headersMs: 300 } });
    const { port } = new URL(url);
    const open = () => openConnections(server);
    // Clients that never read (so never see the server's end) and never close their side.
    const deaf = (first?: string) => {
      const socket = connect(Number(port), '127.0.0.1', () => first && socket.write(first));
      socket.pause();
      socket.on('error', () => undefined);
      closers.push(() => socket.destroy());
    };
    deaf('GET /tags HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    deaf();
    // Others are answered meanwhile.
    const status = await new Promise((resolve) =>
      get(`${url}/__mock/health`, { agent: false }, (answer) => resolve(answer.resume().statusCode)),
    );
    expect(status).toBe(200);
    await until(async () => (await open()) === 2);
    const started = performance.now();
    // Left half-open after their 408, they held their connections (and, under --max-connections,
    // their slots) for good. Now cut once they have sent nothing for 5 s after it.
    await until(async () => (await open()) === 0, 12_000);
    expect(performance.now() - started).toBeLessThan(8_000);
  }, 20_000);
});
