/** Progress of a chunked operation. */
export interface Progress {
  /** Items sent so far: the index of the next item to send (items before `startAt` count as sent). */
  done: number;
  /** Items in all. */
  total: number;
  /** Chunks sent so far by this call. */
  chunks: number;
  /** Chunks this call sends in all. */
  totalChunks: number;
}

/** How a chunked operation splits its items, where it starts, and whom it tells. */
export interface ChunkOptions {
  /** Items per request; at most the endpoint's limit. */
  chunkSize?: number;
  /**
   * The index of the first item to send, to resume an operation that failed part way: pass the
   * `done` of the last progress it reported (every item before it was stored). @default 0
   */
  startAt?: number;
  /** Called after each chunk. */
  onProgress?: (progress: Progress) => void;
}

/**
 * Sends `items` in consecutive chunks of at most `limit` (or `chunkSize`), from `startAt`, one
 * request at a time, reporting progress after each. `send` gets each chunk and the index of its
 * first item. A failed chunk rejects with its error; the last progress says how far it got.
 */
export async function sendInChunks<T>(
  name: string,
  items: readonly T[],
  limit: number,
  options: ChunkOptions,
  send: (chunk: T[], offset: number) => Promise<unknown>,
): Promise<void> {
  const { chunkSize = limit, startAt = 0, onProgress } = options;
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > limit)
    throw new RangeError(`${name}: chunkSize must be a whole number from 1 to ${limit}, got ${chunkSize}`);
  if (!Number.isInteger(startAt) || startAt < 0 || startAt > items.length)
    throw new RangeError(`${name}: startAt must be a whole number from 0 to ${items.length}, got ${startAt}`);
  const totalChunks = Math.ceil((items.length - startAt) / chunkSize);
  for (let offset = startAt, chunks = 1; offset < items.length; offset += chunkSize, chunks++) {
    const part = items.slice(offset, offset + chunkSize);
    await send(part, offset);
    onProgress?.({ done: offset + part.length, total: items.length, chunks, totalChunks });
  }
}
