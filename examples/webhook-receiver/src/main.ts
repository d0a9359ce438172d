// Listens on :9999 (where the demo world's hook_webhook points), then has pnpm mock simulate a reply.
import { createReceiver } from './receiver.js';

const baseUrl = process.env.MARKETING_BASE_URL ?? 'http://127.0.0.1:4010';
const receiver = createReceiver((reply) => console.log('reply handled once:', reply));
receiver.listen(9999, '127.0.0.1', async () => {
  const res = await fetch(`${baseUrl}/__mock/replies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: '27821000000', message: 'YES please', send_id: 'snd_demo' }),
  });
  const { data } = await res.json();
  console.log('hook runs:', JSON.stringify(data.hooks.map((h: { hook_id: string }) => h.hook_id)));
  receiver.close();
});
