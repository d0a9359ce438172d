import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPlaceholders, parsePlaceholder, placeholdersOf, renderTemplate } from './render-template.js';

const now = new Date('2026-11-22T06:30:15Z');
const context = {
  contact: {
    cell: '27821234567',
    firstname: 'Thandi',
    tag_ids: ['a', 'b'],
    c1: 0,
    validated: { reachable: true },
  },
  reply: { Received: '2026-11-21T22:15:00Z', Message: 'STOP', kind: 'optOut' },
  campaign: { name: 'Spring', targeting: { reachability_days: 30 } },
  send: { _id: 'snd_1', integrations: { servicecrm: { conversationId: 'conv-9' } } },
  now,
};

describe('renderTemplate', () => {
  it('replaces fields of every object', () => {
    expect(
      renderTemplate('{{contact.firstname}} {{reply.Message}} {{campaign.name}} {{send._id}}', context).text,
    ).toBe('Thandi STOP Spring snd_1');
  });

  it('reads nested fields', () => {
    expect(renderTemplate('{{send.integrations.servicecrm.conversationId}}', context).text).toBe('conv-9');
    expect(renderTemplate('{{campaign.targeting.reachability_days}}', context).text).toBe('30');
  });

  it('renders a zero, a boolean and a list as text', () => {
    expect(
      renderTemplate('{{contact.c1}} {{contact.validated.reachable}} {{contact.tag_ids}}', context).text,
    ).toBe('0 true a,b');
  });

  it.each([
    ['{{contact.cell}}', '27821234567'],
    ['{{contact.cell|cell:local}}', '0821234567'],
    ['{{contact.cell|cell:plus}}', '+27821234567'],
    ['{{contact.cell|cell:trailing}}', '821234567'],
  ])('renders %s as %s', (template, expected) => {
    expect(renderTemplate(template, context).text).toBe(expected);
  });

  it('applies cell formats to contact.cell only', () => {
    expect(renderTemplate('{{reply.Message|cell:plus}}', context).text).toBe('STOP');
  });

  it('formats dates in the organisation time zone with the default format', () => {
    expect(renderTemplate('{{reply.Received|date}}', context).text).toBe('2026-11-22T00:15:00');
    expect(renderTemplate('{{reply.Received|date:yyyy-MM-dd}}', { ...context, timeZone: 'UTC' }).text).toBe(
      '2026-11-21',
    );
    expect(renderTemplate('{{reply.Received|date:dd/MM/yyyy HH:mm}}', context).text).toBe('22/11/2026 00:15');
  });

  it('renders now, formatted or not', () => {
    expect(renderTemplate('{{now}}', context).text).toBe('2026-11-22T08:30:15');
    expect(renderTemplate('{{now|date:HH:mm}}', { ...context, timeZone: 'Africa/Windhoek' }).text).toBe(
      '08:30',
    );
  });

  it('gives the fallback when the field is unavailable', () => {
    expect(renderTemplate('Hi {{contact.lastname?there}}', context)).toEqual({
      text: 'Hi there',
      missing: [],
    });
    expect(renderTemplate('{{contact.firstname?there}}', context).text).toBe('Thandi');
  });

  it('combines an option with a fallback', () => {
    expect(renderTemplate('{{reply.Received|date:yyyy-MM-dd?Unknown}}', context).text).toBe('2026-11-22');
    expect(renderTemplate('{{reply.Received|date:yyyy-MM-dd?Unknown}}', { now }).text).toBe('Unknown');
    expect(
      renderTemplate('{{reply.Message|date:yyyy-MM-dd?Unknown}}', context).text,
      'a value that is not a date',
    ).toBe('Unknown');
  });

  it('allows an empty fallback', () => {
    expect(renderTemplate('[{{contact.lastname?}}]', context)).toEqual({ text: '[]', missing: [] });
  });

  it('renders missing placeholders as empty and lists them', () => {
    expect(renderTemplate('Hi {{contact.lastname}} {{foo.bar}} {{contact}}', context)).toEqual({
      text: 'Hi   ',
      missing: ['contact.lastname', 'foo.bar', 'contact'],
    });
  });

  it('does not read inherited properties', () => {
    expect(renderTemplate('{{contact.constructor}}{{contact.__proto__}}', context).text).toBe('');
  });

  it('leaves text without placeholders alone', () => {
    expect(renderTemplate('No {braces} here }}{{', context)).toEqual({
      text: 'No {braces} here }}{{',
      missing: [],
    });
  });

  it('never throws on any template or context', () => {
    fc.assert(
      fc.property(fc.string(), fc.anything(), fc.string(), (template, contact, timeZone) => {
        const result = renderTemplate(template, { contact: contact as object, now, timeZone });
        expect(typeof result.text).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on generated placeholders with options and fallbacks', () => {
    const placeholder = fc
      .tuple(
        fc.constantFrom('contact.cell', 'reply.Received', 'now', 'x.y', ''),
        fc.option(fc.constantFrom('date', 'date:', 'date:YYYY', 'date:Q', 'cell:plus', 'cell:bogus', 'x'), {
          nil: undefined,
        }),
        fc.option(fc.string(), { nil: undefined }),
      )
      .map(
        ([path, option, fallback]) =>
          `{{${path}${option ? `|${option}` : ''}${fallback !== undefined ? `?${fallback}` : ''}}}`,
      );
    fc.assert(
      fc.property(fc.array(placeholder), (parts) => {
        expect(() => renderTemplate(parts.join(' '), context)).not.toThrow();
      }),
    );
  });
});

describe('parsePlaceholder', () => {
  it('splits path, option, argument and fallback', () => {
    expect(parsePlaceholder('reply.Received|date:yyyy-MM-dd?Unknown')).toEqual({
      source: 'reply.Received|date:yyyy-MM-dd?Unknown',
      path: 'reply.Received',
      option: { name: 'date', argument: 'yyyy-MM-dd' },
      fallback: 'Unknown',
    });
  });
});

describe('placeholdersOf and hasPlaceholders', () => {
  it('finds every placeholder', () => {
    expect(placeholdersOf('{{a.b}} and {{c.d?e}}').map((p) => p.path)).toEqual(['a.b', 'c.d']);
    expect(hasPlaceholders('Hi {{contact.firstname}}')).toBe(true);
    expect(hasPlaceholders('Hi there')).toBe(false);
  });
});
