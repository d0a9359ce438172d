import { contract, type SmsPrices } from '@marketing/domain';
import { EXPORT_MAX_BYTES } from './export-size.js';

/** Rate-limit settings: requests (units) per minute per organisation. */
export interface RateLimitSettings {
  /** Units per minute per organisation. @default 50 */
  perMinute: number;
  /** `POST /contacts/update` requests per minute per organisation. @default 5 */
  bulkUpdatePerMinute: number;
}

/** Billing settings, in credits. */
export interface BillingSettings {
  /** @default 10 */
  searchCredits: number;
  /** @default 0.14 */
  complianceCreditsPerCell: number;
  /** Price of one SMS part by delivery method. @default { standard: 1, reverse: 1.5, transactional: 2 } */
  smsPrices: SmsPrices;
  /** The balance a webhook needs (it is not charged). @default 1 */
  webhookMinimumBalance: number;
}

/** Webhook delivery settings. */
export interface WebhookSettings {
  /** How long to wait for a receiver. @default 10000 */
  timeoutMs: number;
  /** Retries after a timeout or connection failure. @default 3 */
  retries: number;
  /** The fetch used to deliver webhooks. @default globalThis.fetch at delivery time */
  fetch?: typeof fetch;
}

/** Options of {@link createMockService}. */
export interface MockServiceOptions {
  /** Where the service's routes live; msw handlers match under it. @default 'https://api.marketing.test' */
  baseUrl?: string;
  /**
   * The URL the served OpenAPI document names in `servers`, for a mock that clients reach through
   * another address (a proxy, a container's published port). By default the document names the
   * address each request came to (its `Host`).
   */
  publicUrl?: string;
  /** A world to start with. */
  seed?: import('../store/seed-schema.js').SeedDocument;
  /**
   * The `seed` was written by this mock (a state file whose content hash matched), so its contacts
   * are ones the mock stored: their cells are not validated again, nor checked for repeats, and its
   * lists of what happened (sends, outbox, replies, clicks, sales, transactions, webhook
   * deliveries) are taken as they are. Never set it for a document a person may have edited.
   * @default false
   */
  seedIsTrusted?: boolean;
  /** Fix the clock at this instant (otherwise it follows real time until set). */
  now?: Date | string;
  /**
   * How a clock started at `now` runs: `frozen` stands still there until moved; `offset` runs on
   * from it, as real time does. `POST /__mock/reset` comes back to the same. @default 'frozen'
   */
  clockMode?: 'frozen' | 'offset';
  /** Rate limits, or `false` to turn them off. */
  rateLimit?: false | Partial<RateLimitSettings>;
  /** Billing prices, or `false` to make everything free and never answer 402. */
  billing?: false | Partial<BillingSettings>;
  webhooks?: Partial<WebhookSettings>;
  /**
   * Serve the HTTP control plane under `/__mock/`. When `false`, only `GET /__mock/health`
   * answers there. @default true
   */
  control?: boolean;
  /**
   * A secret every control request must carry as `x-mock-token` (`GET /__mock/health` excepted);
   * wrong or missing: 401. Applies to every transport (`mock.fetch`, `mock.handle`, msw, the Node
   * server). Not set: the control plane is open to anyone who can reach it.
   */
  controlToken?: string;
  /**
   * The largest upload (contacts, sales, leads) or seed accepted, in bytes; other bodies are at
   * most 4 MiB (or this, if smaller). @default 67108864 (64 MiB)
   */
  maxBodyBytes?: number;
  /** How many request journal entries to keep (the oldest are dropped). @default 1000 */
  requestJournalLimit?: number;
  /**
   * The most a HAR or Pact file of the request journal may be, in bytes of UTF-8, over HTTP
   * (`/__mock/requests.har`, `/__mock/requests.pact`) and from `mock.requestsHarJson()`: an
   * export is made whole before it is sent, so a larger one is refused (400,
   * `RequestFilterError` in process) with how to ask for less. @default 268435456 (256 MiB)
   */
  maxExportBytes?: number;
  /**
   * Delay every service answer by this many milliseconds of real time, or a random number in a
   * range (the mock's clock does not move). The control plane is never delayed.
   */
  latency?: number | { min: number; max: number };
  /**
   * The dashboard's page, served at `GET /__mock/ui` (the standalone server passes its own); not
   * set: that route answers 404.
   */
  dashboard?: () => Promise<string>;
  /**
   * Says why the process has no room for more records, or `undefined` when it has: asked before a
   * write of the service (`POST`/`PUT` that create or update), and over HTTP before a seed, a
   * provider state's seed, a new world, a campaign run, a clock move or an export, which are
   * refused 507 with its words while it answers; reads, deletes and resets are not. Over HTTP those
   * that add records (and creates or updates with a body over 1 MiB) run one at a time across the
   * mock and the worlds a router makes, and it is asked again when each one's turn comes, and
   * between the steps of a new world's seed and of a clock move. The standalone server passes one
   * that watches the V8 heap and the memory kept outside it (over 60% of the heap's limit). Not
   * set: no check.
   *
   * @example
   * ```ts
   * createMockService({ memoryFull: () => (tooBig() ? 'The heap is nearly full' : undefined) });
   * ```
   */
  memoryFull?: () => string | undefined;
  /**
   * The name of the world this mock serves, shown as `world` on its journal entries. Set by
   * {@link createWorldRouter} for the worlds it creates; leave it out for a mock of your own.
   */
  world?: string;
  /** Pact provider states: state name to the seed document its setup resets the world to. */
  pactStates?: Record<string, import('../store/seed-schema.js').SeedDocument>;
}

/** Options with every default filled in. */
export interface Settings {
  baseUrl: string;
  basePath: string;
  publicUrl: string | undefined;
  rateLimit: RateLimitSettings | false;
  billing: BillingSettings | false;
  webhooks: WebhookSettings;
  control: boolean;
  controlToken: string | undefined;
  maxBodyBytes: number;
  requestJournalLimit: number;
  maxExportBytes: number;
  world: string | undefined;
  dashboard: (() => Promise<string>) | undefined;
  memoryFull: (() => string | undefined) | undefined;
  latency: { min: number; max: number } | undefined;
}

/** The default base URL of an in-process mock. */
export const DEFAULT_BASE_URL = 'https://api.marketing.test';

function controlTokenOf(token: string | undefined): string | undefined {
  // An empty token would be a lock anyone opens by sending nothing: refused rather than ignored.
  if (token === '') throw new TypeError('controlToken must not be empty (leave it out for no token)');
  return token;
}

// A numeric option as given, or its default: a value no bound could mean (NaN, -1, 1.5, a
// string from plain JavaScript) is refused when the mock is made, not read as no bound or none.
function wholeNumber(name: string, value: number | undefined, least: number, most: number, fallback: number) {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < least || value > most)
    throw new TypeError(
      `${name} must be a whole number from ${least.toLocaleString('en')} to ${most.toLocaleString('en')}, got ${String(value)}`,
    );
  return value;
}

/** Fills in every default, and refuses a numeric option out of its range (a `TypeError`). */
export function resolveSettings(options: MockServiceOptions): Settings {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const latency =
    typeof options.latency === 'number' ? { min: options.latency, max: options.latency } : options.latency;
  if (latency) {
    const max = wholeNumber('latency', latency.max, 0, 2 ** 31 - 1, 0);
    wholeNumber('latency', latency.min, 0, max, 0);
  }
  return {
    baseUrl,
    basePath: new URL(baseUrl).pathname.replace(/\/+$/, ''),
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    rateLimit:
      options.rateLimit === false ? false : { perMinute: 50, bulkUpdatePerMinute: 5, ...options.rateLimit },
    billing:
      options.billing === false
        ? false
        : {
            // The contract's prices: the mock bills from the same source the documentation shows.
            searchCredits: contract.contacts.search.cost.credits,
            complianceCreditsPerCell: contract.compliance.checkSend.cost.credits,
            smsPrices: { ...contract.send.sms.cost.credits },
            webhookMinimumBalance: 1,
            ...options.billing,
          },
    webhooks: {
      ...options.webhooks,
      timeoutMs: wholeNumber('webhooks.timeoutMs', options.webhooks?.timeoutMs, 1, 600_000, 10_000),
      retries: wholeNumber('webhooks.retries', options.webhooks?.retries, 0, 100, 3),
    },
    control: options.control ?? true,
    controlToken: controlTokenOf(options.controlToken),
    maxBodyBytes: wholeNumber('maxBodyBytes', options.maxBodyBytes, 1, 2 ** 30, 64 * 2 ** 20),
    requestJournalLimit: wholeNumber('requestJournalLimit', options.requestJournalLimit, 0, 1_000_000, 1000),
    maxExportBytes: wholeNumber('maxExportBytes', options.maxExportBytes, 1, 2 ** 32, EXPORT_MAX_BYTES),
    world: options.world,
    dashboard: options.dashboard,
    memoryFull: options.memoryFull,
    latency,
  };
}
