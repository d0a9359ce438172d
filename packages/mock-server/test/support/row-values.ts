import fc from 'fast-check';

/**
 * Values a field of a seed or upload row may hold, valid or not: dates in several forms, strings,
 * numbers, booleans, null and lists with and without wrong members. Fast-path checks of rows are
 * property-tested against their zod schemas with these.
 */
export const rowFieldValue = fc.oneof(
  fc.constantFrom('2026-11-22T08:00:00Z', '2026-11-22T08:00:00+02:00', '2026-11-22', '2026-11-22T08:00:00'),
  fc.string(),
  fc.constant(''),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.array(fc.oneof(fc.string({ maxLength: 2 }), fc.integer()), { maxLength: 2 }),
);
