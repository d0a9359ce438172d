import type { Socket } from 'node:net';

/**
 * Resets `socket` once its client has shown no progress for `limitMs`, as `progressed()` judges
 * it (asked four times in `limitMs`, so a stalled connection is cut after about `limitMs`, not up
 * to twice that). A reset, not a FIN: after a FIN the kernel kept the unread 4 MB queued for the
 * client. Answers how to stop watching.
 *
 * @example
 * ```ts
 * let last = socket.bytesWritten;
 * const stop = resetWhenStalled(socket, 30_000, () => {
 *   const moved = socket.bytesWritten !== last;
 *   last = socket.bytesWritten;
 *   return moved;
 * });
 * res.once('close', stop);
 * ```
 */
export function resetWhenStalled(socket: Socket, limitMs: number, progressed: () => boolean): () => void {
  let progressAt = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (progressed()) progressAt = now;
    else if (now - progressAt >= limitMs) socket.resetAndDestroy();
  }, limitMs / 4);
  timer.unref();
  return () => clearInterval(timer);
}
