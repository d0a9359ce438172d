/** Splits a list into consecutive chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`Chunk size must be a positive integer, got ${size}`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Progress of a chunked operation. */
export interface Progress {
  /** Items sent so far. */
  done: number;
  /** Items in all. */
  total: number;
  /** Chunks sent so far. */
  chunks: number;
  /** Chunks in all. */
  totalChunks: number;
}
