// Types that refuse, at compile time, inputs the service refuses at run time (with a 400).

/**
 * `T` with at least one of its keys set: a contact search's `find: {}` does not compile.
 *
 * @example
 * ```ts
 * type Find = AtLeastOne<{ cell?: string[]; tag_ids?: { $in?: string[] } }>;
 * const find: Find = { cell: ['27821234567'] };
 * ```
 */
export type AtLeastOne<T> = { [K in keyof T]-?: Required<Pick<T, K>> & Partial<Omit<T, K>> }[keyof T];

/**
 * `T` with exactly one of the keys `K` set, the others left out: a lead names exactly one
 * matchback (`campaign_id`, `send_id` or `click_id`).
 *
 * @example
 * ```ts
 * type Matchback = ExactlyOne<{ campaign_id?: string; send_id?: string }, 'campaign_id' | 'send_id'>;
 * const lead: Matchback = { campaign_id: 'cmp_v2' };
 * ```
 */
export type ExactlyOne<T, K extends keyof T> = {
  [P in K]-?: Omit<T, K> & Required<Pick<T, P>> & Partial<Record<Exclude<K, P>, never>>;
}[K];

/**
 * `N` when it is at most 10,000 (a search's page limit), `never` for a larger whole-number literal,
 * so `pageSize: 50_000` does not compile. A `number` variable passes (the service checks it).
 *
 * @example
 * ```ts
 * const size: AtMostSearchLimit<5000> = 5000;
 * ```
 */
export type AtMostSearchLimit<N extends number> = number extends N
  ? N
  : `${N}` extends `${string}.${string}` | `-${string}` | `${string}e${string}`
    ? N
    : // Five characters or more: 10000 itself, or above it.
      `${N}` extends `${infer _A}${infer _B}${infer _C}${infer _D}${infer _E}${infer _F}`
      ? N extends 10000
        ? N
        : never
      : N;
