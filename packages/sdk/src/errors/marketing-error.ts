const brand = Symbol.for('@marketing/sdk.error');

/**
 * The base class of every error the SDK throws. Check with {@link isMarketingError}, which works
 * across realms and bundled copies of the SDK where `instanceof` may not.
 */
export class MarketingError extends Error {
  override name: string = 'MarketingError';
  readonly [brand] = true;
}

/**
 * Whether a value is an error thrown by this SDK.
 *
 * @example
 * ```ts
 * try { await client.tags.list(); } catch (error) { if (isMarketingError(error)) console.error(error.message); }
 * ```
 */
export function isMarketingError(value: unknown): value is MarketingError {
  return value instanceof MarketingError || (typeof value === 'object' && value !== null && brand in value);
}
