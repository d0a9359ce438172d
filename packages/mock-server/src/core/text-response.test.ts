import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textResponse } from './text-response.js';

type Operation =
  | 'text'
  | 'json'
  | 'arrayBuffer'
  | 'blob'
  | 'bytes'
  | 'formData'
  | 'clone'
  | 'body'
  | 'bodyUsed';

// What one operation gives, as something comparable: a value, or the kind of error it throws.
async function outcome(response: Response, operation: Operation): Promise<unknown> {
  try {
    switch (operation) {
      case 'bodyUsed':
        return { bodyUsed: response.bodyUsed };
      case 'body': {
        const body = response.body;
        if (body === null) return { body: null };
        if (body.locked) return { body: 'locked' };
        return { body: new TextDecoder().decode(await new Response(body).arrayBuffer()) };
      }
      case 'clone':
        return { clone: await response.clone().text() };
      case 'blob': {
        const blob = await response.blob();
        return { blob: await blob.text(), type: blob.type };
      }
      case 'arrayBuffer':
        return { arrayBuffer: [...new Uint8Array(await response.arrayBuffer())] };
      case 'bytes':
        return { bytes: [...(await response.bytes())] };
      default:
        return { [operation]: await response[operation]() };
    }
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

const operation = fc.constantFrom<Operation>(
  'text',
  'json',
  'arrayBuffer',
  'blob',
  'bytes',
  'formData',
  'clone',
  'body',
  'bodyUsed',
);
const body = fc.oneof(
  fc.constant(null),
  fc.string(),
  fc.json(),
  fc.constant('{"ok":true,"data":{"cell":"27821000000","name":"Thandi ✓"}}'),
);

describe('TextResponse', () => {
  it('behaves as a Response built on the same text, whatever is read from it and in what order', async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.array(operation, { minLength: 1, maxLength: 5 }),
        async (text, operations) => {
          const init = {
            status: text === null ? 204 : 200,
            headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req_1' },
          };
          const real = new Response(text, init);
          const ours = textResponse(text, init);
          expect(ours).toBeInstanceOf(Response);
          expect([ours.status, ours.ok, ours.headers.get('x-request-id')]).toEqual([
            real.status,
            real.ok,
            real.headers.get('x-request-id'),
          ]);
          for (const op of operations) expect(await outcome(ours, op), op).toEqual(await outcome(real, op));
          expect(ours.bodyUsed).toBe(real.bodyUsed);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads its text and JSON without a stream', async () => {
    const response = textResponse('{"ok":true}', { status: 200 });
    expect(await response.json()).toEqual({ ok: true });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });
});

describe('mock.fetch', () => {
  it('answers HEAD with the GET answer’s status and headers and no body, as a server does', async () => {
    const { createMockService } = await import('../create-mock-service.js');
    const { demoWorld } = await import('../standalone/demo-world.js');
    const mock = createMockService({ seed: demoWorld() });
    const head = await mock.fetch(`${mock.baseUrl}/contacts/27821000000`, {
      method: 'HEAD',
      headers: { authorization: 'Bearer demo_seller_admin' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('application/json');
    expect(head.body).toBeNull();
    expect(await head.text()).toBe('');
  });
});
