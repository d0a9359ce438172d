import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * Whether a request's `accept-encoding` takes gzip: named (or `*`, when gzip is not named) with a
 * weight above 0, so that `gzip;q=0` refuses it.
 *
 * @example
 * ```ts
 * acceptsGzip('br, gzip;q=0.5'); // true
 * acceptsGzip('gzip;q=0, *'); // false
 * ```
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  let star: boolean | undefined;
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((p) => /^q\s*=/.test(p));
    const weighted = q === undefined || Number(q.slice(q.indexOf('=') + 1)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return weighted;
    if (name === '*') star = weighted;
  }
  return star === true;
}

/** Answers at least this long (in characters) are gzipped for a client that accepts it. */
export const GZIP_THRESHOLD = 8 * 1024;

/**
 * The body as written: gzipped (on libuv's thread pool, so the event loop keeps serving) when it
 * is large and the client accepts gzip, as itself otherwise. The dashboard's page and a journal
 * page of 1,000 entries shrink about 5 to 10 times.
 */
export async function maybeGzip(
  body: string,
  acceptEncoding: string | undefined,
  etag?: string,
): Promise<{ body: string | Buffer; encoding?: 'gzip' }> {
  if (body.length < GZIP_THRESHOLD) return { body };
  if (!acceptsGzip(acceptEncoding)) return { body: etag === undefined ? body : plainBytes(etag, body) };
  // An answer with an ETag (the OpenAPI document) is the same bytes each time: zipped once.
  const zipped = etag === undefined ? undefined : gzipped.get(etag);
  if (zipped) return { body: zipped, encoding: 'gzip' };
  const made = await gzipAsync(body, { level: 6 });
  if (etag !== undefined) {
    if (gzipped.size >= 16) gzipped.delete(gzipped.keys().next().value!);
    gzipped.set(etag, made);
  }
  return { body: made, encoding: 'gzip' };
}

const gzipped = new Map<string, Buffer>();
const encoded = new Map<string, Buffer>();

// The UTF-8 bytes of an answer with an ETag, encoded once: the same text is sent again and again.
function plainBytes(etag: string, body: string): Buffer {
  let bytes = encoded.get(etag);
  if (!bytes) {
    if (encoded.size >= 16) encoded.delete(encoded.keys().next().value!);
    bytes = Buffer.from(body);
    encoded.set(etag, bytes);
  }
  return bytes;
}
