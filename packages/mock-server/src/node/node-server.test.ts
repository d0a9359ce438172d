import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService } from '../create-mock-service.js';
import { createNodeServer } from './node-server.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

// A raw HTTP/1.1 exchange, for requests no fetch client would send.
async function rawExchange(request: string, mock = createMockService()): Promise<string> {
  const server = createNodeServer(mock);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('createNodeServer', () => {
  it('answers a request whose Host header makes no URL with a 400 envelope, not a 500', async () => {
    const answer = await rawExchange(
      'GET /contacts/27821234567 HTTP/1.1\r\nHost: bad host\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^Bad request: .*Invalid URL/) });
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
});
