import { describe, expect, it } from 'vitest';
import { useSdk } from '../support/sdk-world.js';

const { start } = useSdk();

describe('client.send', () => {
  it('sends an SMS and a bulk email, and surfaces send failures as BadRequestError', async () => {
    const { admin, mock } = start();
    const sms = await admin.send.sms({
      content: 'Hi',
      cell: '0821234567',
      country: 'ZA',
      skipNonContacts: true,
      deliveryMethod: 'standard',
    });
    expect(sms).toEqual({ customerId: expect.any(String), totalCost: 1 });
    await admin.send.emailBulk({
      from: 'a@acme.example',
      template_id: 'tpl_plain',
      destinations: ['x@example.com'],
    });
    expect(mock.outbox().map((m) => m.channel)).toEqual(['sms', 'email']);
    await expect(
      admin.send.sms({
        content: 'Hi',
        cell: 'nope',
        country: 'ZA',
        skipNonContacts: true,
        deliveryMethod: 'standard',
      }),
    ).rejects.toMatchObject({ name: 'BadRequestError', error: 'Invalid cell number' });
    await expect(
      admin.send.emailBulk({ from: 'a@acme.example', template_id: 'nope', destinations: ['x@example.com'] }),
    ).rejects.toMatchObject({
      status: 400,
      error: 'Template not found',
    });
  });
});
