/**
 * A record's JSON text in pieces when it is too large to write in one go, an empty piece where
 * other work may run, or `undefined` for a record written with the others (see
 * `Collection.jsonPieces`).
 */
export type RecordJsonPieces = (record: unknown) => Iterable<string> | undefined;

// About how much text a piece holds: a piece is made between two turns of the event loop. Counted
// in text, not records, since a record may be large: 10,000 contacts a piece (2 MB) took 11-25 ms
// a step alone and up to 166 ms with five 300k-contact worlds in the heap.
const PIECE_CHARS = 256 * 1024;

/**
 * A list's JSON text, as `JSON.stringify` gives it, in pieces of about 256 kB made one at a time:
 * an empty piece marks where the caller may let the event loop run. Records are stringified in
 * batches (one `JSON.stringify` of a batch costs a third less than one a record), each sized from
 * the last one's text; a record that `jsonPieces` writes in its own pieces (a campaign sent to
 * 800,000 contacts) is handed on as they are made, its empty pieces included.
 *
 * @example
 * ```ts
 * for (const piece of jsonListPieces(world.outbox)) {
 *   if (piece) out.push(piece);
 *   else await nextTurn();
 * }
 * ```
 */
export function* jsonListPieces(
  records: Iterable<unknown>,
  jsonPieces?: RecordJsonPieces,
): Generator<string> {
  yield '[';
  let batch: unknown[] = [];
  let batchSize = 64;
  let written = 0;
  const text = () => {
    const json = JSON.stringify(batch).slice(1, -1);
    const piece = written > 0 ? `,${json}` : json;
    written += batch.length;
    batchSize = Math.max(1, Math.min(10_000, Math.floor((PIECE_CHARS * batch.length) / (json.length + 1))));
    batch = [];
    return piece;
  };
  for (const record of records) {
    const large = jsonPieces?.(record);
    if (large) {
      if (batch.length > 0) yield text();
      if (written > 0) yield ',';
      yield* large;
      written += 1;
      continue;
    }
    batch.push(record);
    if (batch.length >= batchSize) {
      yield text();
      yield '';
    }
  }
  if (batch.length > 0) yield text();
  yield ']';
}
