import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  BadRequestError,
  Client,
  type ClientOptions,
  ConnectionError,
  InternalServerError,
  isMarketingError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  UserAbortError,
} from '../src/index.js';

// Servers that answer the SDK badly, on real sockets: what a broken proxy or a hostile server
// sends. Every call must end, in one of the SDK's errors.
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests };
}

const client = (baseUrl: string, options: Partial<ClientOptions> = {}) =>
  new Client({ apiKey: 'k', baseUrl, maxRetries: 0, ...options });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('an answer whose body never ends', () => {
  // Headers at once, then a space a second: each byte kept the connection alive.
  const drip = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"ok":true,"data":[');
    const timer = setInterval(() => res.write(' '), 100);
    res.on('close', () => clearInterval(timer));
  };

  it('times out within the attempt timeout, body included', async () => {
    const { url } = await serve(drip);
    const started = Date.now();
    const error = await failure(client(url, { timeout: 400 }).tags.list());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('ends at the deadline when there is no timeout', async () => {
    const { url } = await serve(drip);
    const error = await failure(client(url, { timeout: false, deadline: 400 }).tags.list());
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('ends as aborted when the caller aborts while it is read', async () => {
    const { url } = await serve(drip);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await failure(
      client(url, { timeout: false }).contacts.get('27821234567', { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(UserAbortError);
  });
});

describe('an answer that breaks off', () => {
  it('is a ConnectionError whose outcome is unknown, not a made-up server error, and is not sent again', async () => {
    const { url, requests } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write(`{"ok":true,"data":{"send_id":"${'x'.repeat(400)}`);
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await failure(
      client(url, { maxRetries: 2 }).send.sms({
        content: 'Hi',
        cell: '27821234567',
        skipNonContacts: false,
        country: 'ZA',
        deliveryMethod: 'standard',
      }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/the answer broke off \(.+\); the request may have acted/);
    expect(requests).toHaveLength(1);
  });
});

describe('an answer larger than the client reads', () => {
  it('fails at maxResponseBytes instead of being held whole', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"ok":true,"data":"${'a'.repeat(2_000_000)}"}`);
    });
    const error = await failure(client(url, { maxResponseBytes: 1_000_000 }).tags.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('larger than 1000000 bytes (maxResponseBytes)');
  });

  it('counts a compressed answer as it expands (a gzip bomb)', async () => {
    const bomb = gzipSync(Buffer.alloc(20_000_000, 0x20));
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    expect(bomb.length).toBeLessThan(100_000);
    const error = await failure(client(url, { maxResponseBytes: 1_000_000, maxRetries: 2 }).tags.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).attempts).toBe(1);
  });

  it('refuses a maxResponseBytes that is no whole number above 0', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, '10' as unknown as number])
      expect(() => client('http://127.0.0.1:1', { maxResponseBytes: bad })).toThrow(
        /maxResponseBytes must be/,
      );
  });
});

describe('a redirect', () => {
  it('is refused, not followed, and names where it pointed', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, { ok: true, data: { validContacts: 999 } }));
    const { url } = await serve((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/contacts` });
      res.end();
    });
    const error = await failure(
      client(url, { headers: { 'x-api-key': 'secret' } }).contacts.create({
        contacts: [{ cell: '27821234567' }],
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(307);
    expect((error as Error).message).toContain(`Redirected (307) to ${elsewhere.url}/contacts`);
    expect(elsewhere.requests).toEqual([]);
  });
});

describe('failure envelopes the SDK cannot read as documented', () => {
  const answering = async (status: number, error: unknown) =>
    (await serve((_req, res) => json(res, status, { ok: false, error }))).url;

  it('are still the documented errors: a resetsAt past what a date holds', async () => {
    const error = await failure(
      client(await answering(429, { code: 'rate_limited', resetsAt: 1e300 })).tags.list(),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).resetsAt).toBe(1e300);
  });

  it('are still the documented errors: paths and IDs that are objects', async () => {
    const hostile = { toString: 1 };
    const bad = await failure(client(await answering(400, [{ path: hostile, message: 'bad' }])).tags.list());
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as Error).message).toContain('{"toString":1}: bad');
    const denied = await failure(
      client(await answering(403, { code: 'insufficient_permissions', missing: [hostile] })).tags.list(),
    );
    expect(denied).toBeInstanceOf(PermissionDeniedError);
  });

  it('are still the documented errors: a list nested 100,000 deep', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const { url } = await serve((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(`{"ok":false,"error":${deep}}`);
    });
    const error = await failure(client(url).tags.list());
    expect(error).toBeInstanceOf(BadRequestError);
    expect(isMarketingError(error)).toBe(true);
  });

  it('cut a very long error text in the message and keep it whole in error', async () => {
    const long = 'e'.repeat(50_000);
    const error = (await failure(client(await answering(400, long)).tags.list())) as BadRequestError;
    expect(error.message.length).toBeLessThan(2_200);
    expect(error.message).toContain('(48,000 more characters)');
    expect(error.error).toBe(long);
  });
});

// Iterates searchAll (pages of 2) against a server to its end: the contacts it yielded, and the
// error it ended with.
async function searchAllFrom(url: string) {
  const seen: unknown[] = [];
  const error = await failure(
    (async () => {
      for await (const contact of client(url).contacts.searchAll({
        find: { tag_ids: { $in: ['vip'] } },
        pageSize: 2,
      }))
        seen.push(contact);
    })(),
  );
  return { seen, error };
}

describe('searchAll against pages that never end', () => {
  it('stops with a ResponseValidationError when a page repeats the last one', async () => {
    const { url, requests } = await serve((_req, res) =>
      json(res, 200, { ok: true, data: { contacts: [{ _id: 'a' }, { _id: 'b' }] } }),
    );
    const { seen, error } = await searchAllFrom(url);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain(
      'data.contacts.0._id: a is not text after b (pages come in _id order)',
    );
    expect(seen).toHaveLength(2);
    expect(requests).toHaveLength(2);
  });

  it('stops with a ResponseValidationError when a page holds no list', async () => {
    const { url } = await serve((_req, res) => json(res, 200, { ok: true, data: { contacts: 'ab' } }));
    const { error } = await searchAllFrom(url);
    expect(error).toBeInstanceOf(ResponseValidationError);
  });
});

describe('answers that are no envelope or no upload result', () => {
  it('name what came instead: a proxy’s HTML page', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>\n  <h1>502 Bad Gateway</h1>\n</html>');
    });
    const error = await failure(client(url).tags.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message).toContain(
      'Unexpected response (502, text/html) that is not an envelope: <html>\n  <h1>502 Bad Gateway</h1>\n</html>',
    );
  });

  it('end a chunked upload with a ResponseValidationError, not a raw TypeError', async () => {
    const { url } = await serve((_req, res) => json(res, 200, { ok: true, data: { validContacts: 1 } }));
    const error = await failure(
      client(url).contacts.createMany([{ cell: '27821234567' }, { cell: '27821234568' }], { chunkSize: 1 }),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain(
      'not an upload result, for the chunk from row 0 (it may be stored)',
    );
  });
});

describe('hostile answers found on a second look', () => {
  it('end searchAll when a page holds contacts without an _id, which could not tell a repeated page', async () => {
    const { url, requests } = await serve((_req, res) =>
      json(res, 200, { ok: true, data: { contacts: [{ cell: '1' }, { cell: '2' }] } }),
    );
    const { error } = await searchAllFrom(url);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('data.contacts.0._id: undefined is not text after the start');
    expect(requests).toHaveLength(1);
  });

  it('keep a password in a redirect’s location out of the message', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://user:pa55@127.0.0.1:1/x' });
      res.end();
    });
    const error = await failure(client(url).tags.list());
    expect((error as Error).message).toContain('Redirected (302) to http://***@127.0.0.1:1/x');
    expect((error as Error).message).not.toContain('pa55');
  });

  it('name a redirect’s location when its body is an envelope too', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.test/', 'content-type': 'application/json' });
      res.end('{"ok":false,"error":"Error 302"}');
    });
    const error = await failure(client(url).tags.list());
    expect((error as Error).message).toContain('Redirected (302) to https://elsewhere.test/');
  });

  it('say a redirect had no location when it had none', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(301);
      res.end();
    });
    const error = await failure(client(url).tags.list());
    expect((error as Error).message).toContain('Redirected (301) with no location:');
  });

  it('refuse at once an answer whose content-length is past maxResponseBytes', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 ** 12) });
      res.write('{"ok":true,');
    });
    const started = Date.now();
    const error = await failure(client(url, { timeout: 5_000 }).tags.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('(maxResponseBytes)');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
