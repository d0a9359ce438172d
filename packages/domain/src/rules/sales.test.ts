import { describe, expect, it } from 'vitest';
import { firstDuplicateSale, normaliseSale, parseSoldAt, saleDuplicateKey } from './sales.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const original = { model: 'original' as const, country: 'ZA', defaultSaleValue: 100 };
const v2 = { model: 'v2' as const, defaultSaleValue: 120 };

describe('parseSoldAt', () => {
  it('reads a date as midnight in the organisation time zone', () => {
    expect(parseSoldAt('2026-11-22', now, 'Africa/Johannesburg')?.toISOString()).toBe(
      '2026-11-21T22:00:00.000Z',
    );
  });

  it('reads an optional time, with T or a space, and an explicit offset', () => {
    expect(parseSoldAt('2026-11-22 14:30', now, 'Africa/Johannesburg')?.toISOString()).toBe(
      '2026-11-22T12:30:00.000Z',
    );
    expect(parseSoldAt('2026-11-22T14:30:15', now, 'UTC')?.toISOString()).toBe('2026-11-22T14:30:15.000Z');
    expect(parseSoldAt('2026-11-22T14:30:00+0100', now)?.toISOString()).toBe('2026-11-22T13:30:00.000Z');
    expect(parseSoldAt('2026-11-22T14:30:00Z', now)?.toISOString()).toBe('2026-11-22T14:30:00.000Z');
  });

  it('takes blank as now', () => {
    expect(parseSoldAt(undefined, now)).toBe(now);
    expect(parseSoldAt('  ', now)).toBe(now);
  });

  it('refuses impossible and malformed dates', () => {
    expect(parseSoldAt('2026-02-30', now)).toBeUndefined();
    expect(parseSoldAt('22/11/2026', now)).toBeUndefined();
    expect(parseSoldAt('2026-11-22T25:00', now)).toBeUndefined();
  });
});

describe('normaliseSale', () => {
  it('resolves a local cell by the original campaign’s country and takes its default sale value', () => {
    expect(
      normaliseSale({ campaign_id: 'c1', cell: '0821234567', soldAt: '2026-11-20' }, original, now),
    ).toEqual({
      ok: true,
      sale: {
        campaign_id: 'c1',
        cell: '27821234567',
        soldAt: '2026-11-19T22:00:00.000Z',
        soldOn: '2026-11-20',
        saleValue: 100,
      },
    });
  });

  it('keeps a given sale value, even zero, and the send and click ids', () => {
    const result = normaliseSale(
      { campaign_id: 'c1', cell: '27821234567', saleValue: 0, send_id: 's', click_id: 'k' },
      original,
      now,
    );
    expect(result).toMatchObject({
      ok: true,
      sale: { saleValue: 0, send_id: 's', click_id: 'k', soldOn: '2026-11-22' },
    });
  });

  it('needs an international cell for a V2 campaign', () => {
    expect(normaliseSale({ campaign_id: 'v', cell: '0821234567' }, v2, now)).toEqual({
      ok: false,
      error: 'Sales for Campaigns V2 need the cell in international format',
    });
    expect(normaliseSale({ campaign_id: 'v', cell: '+27821234567' }, v2, now)).toMatchObject({
      ok: true,
      sale: { cell: '27821234567', saleValue: 120 },
    });
  });

  it('refuses an invalid cell with the service message', () => {
    expect(normaliseSale({ campaign_id: 'c1', cell: 'nope' }, original, now)).toEqual({
      ok: false,
      error: 'Invalid cell number',
    });
  });
});

describe('duplicate sales', () => {
  const sale = { cell: '27821234567', campaign_id: 'c1', soldOn: '2026-11-22' };

  it('share cell, campaign and calendar day', () => {
    expect(saleDuplicateKey(sale)).toBe(saleDuplicateKey({ ...sale }));
    expect(saleDuplicateKey(sale)).not.toBe(saleDuplicateKey({ ...sale, soldOn: '2026-11-23' }));
    expect(saleDuplicateKey(sale)).not.toBe(saleDuplicateKey({ ...sale, campaign_id: 'c2' }));
  });

  it('are found against the store and within the batch', () => {
    expect(firstDuplicateSale([sale], () => false)).toBe(-1);
    expect(firstDuplicateSale([sale], (key) => key === saleDuplicateKey(sale))).toBe(0);
    expect(firstDuplicateSale([{ ...sale, soldOn: '2026-11-21' }, sale, sale], () => false)).toBe(2);
  });
});
