import { describe, expect, it } from 'vitest';
import { renderWebhook } from './render-webhook.js';

const context = {
  contact: { cell: '27821234567', firstname: 'Tha"ndi' },
  reply: { Message: 'STOP', Received: '2026-11-22T06:30:00Z' },
  now: new Date('2026-11-22T06:30:00Z'),
};

describe('renderWebhook', () => {
  it('renders templates inside the JSON body without breaking it', () => {
    const result = renderWebhook(
      {
        url: 'https://hooks.example.com/in',
        method: 'POST',
        body: '{"cell":"{{contact.cell|cell:plus}}","name":"{{contact.firstname}}","n":1,"tags":["{{reply.Message}}"]}',
        headers: '{"x-api":"secret","x-cell":"{{contact.cell}}"}',
      },
      context,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.parse(result.webhook.body ?? '')).toEqual({
      cell: '+27821234567',
      name: 'Tha"ndi',
      n: 1,
      tags: ['STOP'],
    });
    expect(result.webhook.headers).toEqual({
      'x-api': 'secret',
      'x-cell': '27821234567',
      'content-type': 'application/json',
    });
  });

  it('percent-encodes each value a URL template puts into the URL, not the URL around it', () => {
    const result = renderWebhook(
      {
        url: 'https://hooks.example.com/in/{{contact.firstname}}?cell={{contact.cell|cell:plus}}&said={{reply.Message}}&who={{contact.lastname?no one & co}}',
        method: 'POST',
      },
      { ...context, reply: { Message: 'stop & go #now' } },
    );
    expect(result.ok && result.webhook.url).toBe(
      'https://hooks.example.com/in/Tha%22ndi?cell=%2B27821234567&said=stop%20%26%20go%20%23now&who=no%20one%20%26%20co',
    );
    const params = new URL(result.ok ? result.webhook.url : '').searchParams;
    expect([params.get('cell'), params.get('said'), params.get('who')]).toEqual([
      '+27821234567',
      'stop & go #now',
      'no one & co',
    ]);
  });

  it('encodes a lone surrogate in a URL value as U+FFFD rather than throwing', () => {
    const result = renderWebhook(
      { url: 'https://hooks.example.com/in?said={{reply.Message}}', method: 'POST' },
      { ...context, reply: { Message: 'STOP \ud800' } },
    );
    expect(result.ok && result.webhook.url).toBe('https://hooks.example.com/in?said=STOP%20%EF%BF%BD');
  });

  it('refuses a URL whose path a value makes . or .., which would send the request elsewhere', () => {
    const render = (url: string, Message: string) =>
      renderWebhook({ url, method: 'POST' }, { ...context, reply: { Message } });
    for (const Message of ['..', '.'])
      expect(render('https://hooks.example.com/in/{{reply.Message}}/end', Message), Message).toEqual({
        ok: false,
        error: 'Invalid webhook URL',
      });
    expect(render('https://hooks.example.com/in/.{{reply.Message}}/end', '.')).toMatchObject({ ok: false });
    // A value of encoded dots is sent as the text it is.
    expect(render('https://hooks.example.com/in/{{reply.Message}}/end', '%2e%2E')).toMatchObject({
      ok: true,
      webhook: { url: 'https://hooks.example.com/in/%252e%252E/end' },
    });
    // In the query, or beside other text in the path, a dot is only a dot.
    expect(render('https://hooks.example.com/in?said={{reply.Message}}', '..')).toMatchObject({
      ok: true,
      webhook: { url: 'https://hooks.example.com/in?said=..' },
    });
    expect(render('https://hooks.example.com/in/{{reply.Message}}.json', '.')).toMatchObject({
      ok: true,
      webhook: { url: 'https://hooks.example.com/in/..json' },
    });
    // A fallback holding a question mark does not start the query early.
    expect(
      render('https://hooks.example.com/in/{{contact.lastname?a?b}}/{{reply.Message}}', '..'),
    ).toMatchObject({
      ok: false,
    });
  });

  it('refuses what fetch would refuse on every attempt: another scheme, credentials, a header with a line break', () => {
    const render = (hook: Partial<Parameters<typeof renderWebhook>[0]>) =>
      renderWebhook({ url: 'https://hooks.example.com/in', method: 'POST', ...hook }, context);
    expect(render({ url: 'javascript:alert(1)' })).toEqual({ ok: false, error: 'Invalid webhook URL' });
    expect(render({ url: 'ftp://hooks.example.com/in' })).toEqual({
      ok: false,
      error: 'Invalid webhook URL',
    });
    expect(render({ url: 'https://user:secret@hooks.example.com/in' })).toEqual({
      ok: false,
      error: 'Invalid webhook URL',
    });
    expect(render({ headers: '{"x-said":"{{reply.Message}}"}' })).toMatchObject({ ok: true });
    const reply = { ...context, reply: { Message: 'a\r\nx-evil: 1' } };
    expect(
      renderWebhook(
        { url: 'https://hooks.example.com/in', method: 'POST', headers: '{"x-said":"{{reply.Message}}"}' },
        reply,
      ),
    ).toEqual({ ok: false, error: 'Invalid header' });
    expect(render({ headers: '{"bad name":"1"}' })).toEqual({ ok: false, error: 'Invalid header' });
  });

  it('encodes body fields into the URL when asked', () => {
    const result = renderWebhook(
      {
        url: 'https://hooks.example.com/in?source=mock',
        method: 'POST',
        body: '{"cell":"{{contact.cell}}","received":"{{reply.Received|date:yyyy-MM-dd HH:mm}}"}',
        encode_into_url: true,
      },
      context,
    );
    expect(result).toEqual({
      ok: true,
      webhook: {
        url: 'https://hooks.example.com/in?source=mock&cell=27821234567&received=2026-11-22+08%3A30',
        method: 'POST',
        headers: {},
        missing: [],
      },
    });
  });

  it('puts a GET webhook body into the URL', () => {
    const result = renderWebhook(
      { url: 'http://127.0.0.1:9999/in', method: 'GET', body: '{"m":"{{reply.Message}}"}' },
      context,
    );
    expect(result.ok && result.webhook.url).toBe('http://127.0.0.1:9999/in?m=STOP');
    expect(result.ok && result.webhook.body).toBeUndefined();
  });

  it('refuses headers that are not a JSON object', () => {
    for (const headers of ['{x: 1}', '[1]', 'null']) {
      expect(renderWebhook({ url: 'https://e.com', method: 'POST', headers }, context)).toEqual({
        ok: false,
        error: 'Headers must be valid JSON',
      });
    }
  });

  it('refuses a body that is not JSON and a URL that is not a URL', () => {
    expect(renderWebhook({ url: 'https://e.com', method: 'POST', body: '{cell: 1}' }, context)).toEqual({
      ok: false,
      error: 'Body must be valid JSON',
    });
    expect(renderWebhook({ url: 'not a url', method: 'POST' }, context)).toEqual({
      ok: false,
      error: 'Invalid webhook URL',
    });
  });

  it('reports missing placeholders', () => {
    const result = renderWebhook(
      { url: 'https://e.com', method: 'POST', body: '{"x":"{{contact.lastname}}"}' },
      context,
    );
    expect(result.ok && result.webhook.missing).toEqual(['contact.lastname']);
  });
});
