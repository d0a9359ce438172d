// GET /openapi.json as a client sees it: the first request (the document is built then) and the
// median of the next 40, gzipped and plain, against the Node server on loopback.
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockService } from '@marketing/mock-server';
import { createNodeServer } from '@marketing/mock-server/node';

const once = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    get(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    }).on('error', reject);
  });

/** Milliseconds: the first GET, then the median of 40 more, gzipped and plain. */
export async function timeOpenApiDocument(): Promise<{ first: number; gzip: number; plain: number }> {
  const server = createNodeServer(createMockService());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`;
  const median = async (headers: Record<string, string>) => {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) times.push(await once(url, headers));
    return times.sort((a, b) => a - b)[20]!;
  };
  try {
    const first = await once(url, { 'accept-encoding': 'gzip' });
    return { first, gzip: await median({ 'accept-encoding': 'gzip' }), plain: await median({}) };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
