import { createServer, type Server } from 'node:http';
import { createWebhookDeduper } from '@marketing/sdk/webhooks';

/** What the receiver does with one reply. */
export type ReplyHandler = (reply: Record<string, unknown>) => void | Promise<void>;

// #region receiver
/**
 * A webhook receiver: handles each delivery once, however often the service sends it (every
 * attempt carries the delivery's `service-idemptotency-key`), and answers a retry of one already
 * handled with 200 at once. When handling fails, it drops the connection unanswered, so that the
 * service retries the delivery (up to 3 times).
 */
export function createReceiver(handle: ReplyHandler): Server {
  const deduper = createWebhookDeduper();
  return createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const reply = body
      ? JSON.parse(body)
      : Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
    try {
      const outcome = await deduper.handleOnce(req.headers, () => handle(reply));
      res.writeHead(200).end(outcome === 'duplicate' ? 'duplicate ignored' : 'ok');
    } catch {
      // No answer: the service tries again when it gets none (a 500 would end the delivery).
      req.socket.destroy();
    }
  });
}
// #endregion receiver
