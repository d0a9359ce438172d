import { createServer, type Server } from 'node:http';
import { createWebhookDeduper } from '@marketing/sdk/webhooks';

/** What the receiver does with one reply. */
export type ReplyHandler = (reply: Record<string, unknown>) => void | Promise<void>;

// #region receiver
/**
 * A webhook receiver: answers 200 at once for a retry it has already handled (by its
 * `service-idemptotency-key`), and handles every other delivery exactly once.
 */
export function createReceiver(handle: ReplyHandler): Server {
  const deduper = createWebhookDeduper();
  return createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (await deduper.isDuplicate(req.headers)) {
      res.writeHead(200).end('duplicate ignored');
      return;
    }
    await handle(
      body ? JSON.parse(body) : Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams),
    );
    res.writeHead(200).end('ok');
  });
}
// #endregion receiver
