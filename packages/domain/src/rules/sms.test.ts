import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSmsParts, smsCost, smsEncoding, tooManyParts } from './sms.js';

describe('smsEncoding', () => {
  it('uses GSM-7 for the basic set and the extension table', () => {
    expect(smsEncoding('Hello @ £5, café Ñ')).toBe('GSM-7');
    expect(smsEncoding('{[~]} ^ | € \\')).toBe('GSM-7');
  });

  it('uses UCS-2 for anything else', () => {
    expect(smsEncoding('Sawubona 👋')).toBe('UCS-2');
    expect(smsEncoding('ā')).toBe('UCS-2');
    expect(smsEncoding('Ç but ç')).toBe('UCS-2');
  });
});

describe('countSmsParts', () => {
  it.each([
    ['', 1],
    ['a'.repeat(160), 1],
    ['a'.repeat(161), 2],
    ['a'.repeat(306), 2],
    ['a'.repeat(307), 3],
  ])('GSM-7: %#', (text, parts) => {
    expect(countSmsParts(text).parts).toBe(parts);
  });

  it.each([
    ['ā'.repeat(70), 1],
    ['ā'.repeat(71), 2],
    ['ā'.repeat(134), 2],
    ['ā'.repeat(135), 3],
  ])('UCS-2: %#', (text, parts) => {
    expect(countSmsParts(text).parts).toBe(parts);
  });

  it('counts extension characters twice', () => {
    expect(countSmsParts('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(countSmsParts('€'.repeat(81)).parts).toBe(2);
  });

  it('never splits an extension character across parts', () => {
    // 152 septets then a two-septet character: it cannot start at the 153rd septet.
    expect(countSmsParts(`${'a'.repeat(152)}€${'a'.repeat(152)}`).parts).toBe(3);
    expect(countSmsParts(`${'a'.repeat(151)}€${'a'.repeat(153)}`).parts).toBe(2);
  });

  it('counts emoji as two UTF-16 units and never splits them', () => {
    expect(countSmsParts('👋'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    expect(countSmsParts(`a${'👋'.repeat(33)}${'👋'.repeat(2)}`).parts).toBe(2);
  });

  it('always has enough parts for its units, and no more than one extra per part', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '€', 'ā', '👋', ' ', 'é'), maxLength: 800 }),
        (text) => {
          const { encoding, units, parts } = countSmsParts(text);
          const single = encoding === 'GSM-7' ? 160 : 70;
          const perPart = encoding === 'GSM-7' ? 153 : 67;
          if (units <= single) expect(parts).toBe(1);
          else {
            expect(parts).toBeGreaterThanOrEqual(Math.ceil(units / perPart));
            expect(parts).toBeLessThanOrEqual(Math.ceil(units / (perPart - 1)));
          }
        },
      ),
    );
  });
});

describe('smsCost and tooManyParts', () => {
  it('prices parts by delivery method', () => {
    expect(smsCost('hi', 'standard')).toBe(1);
    expect(smsCost('a'.repeat(161), 'transactional')).toBe(4);
    expect(smsCost('hi', 'reverse', { standard: 1, reverse: 3, transactional: 2 })).toBe(3);
  });

  it('refuses more parts than the campaign allows', () => {
    expect(tooManyParts('a'.repeat(400), 2)).toBe('Message needs 3 SMS parts; the campaign allows 2');
    expect(tooManyParts('a'.repeat(300), 2)).toBeUndefined();
    expect(tooManyParts('a'.repeat(3000), undefined)).toBeUndefined();
  });
});
