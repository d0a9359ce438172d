import type { LogLevel } from './core/logger.js';
import { type ClientOptions, checkRetryOptions } from './core/options.js';
import { Requester } from './core/request.js';
import { isBrowser } from './core/user-agent.js';
import { MarketingError } from './errors.js';
import { Campaigns } from './resources/campaigns.js';
import { CampaignsV2 } from './resources/campaigns-v2.js';
import { Compliance } from './resources/compliance.js';
import { Contacts } from './resources/contacts.js';
import { Sales } from './resources/sales.js';
import { Send } from './resources/send.js';
import { Tags } from './resources/tags.js';
import { Transactions } from './resources/transactions.js';

/**
 * A client for the marketing service, with one field per resource.
 *
 * @example
 * ```ts
 * import { Client, NotFoundError } from '@marketing/sdk';
 *
 * const client = new Client({ apiKey: process.env.MARKETING_API_KEY!, baseUrl: 'https://api.example.com' });
 * try {
 *   const contact = await client.contacts.get('27821234567');
 * } catch (error) {
 *   if (error instanceof NotFoundError) console.log('no such contact');
 * }
 * ```
 */
export class Client {
  readonly contacts: Contacts;
  readonly tags: Tags;
  readonly campaigns: Campaigns;
  readonly campaignsV2: CampaignsV2;
  readonly send: Send;
  readonly sales: Sales;
  readonly transactions: Transactions;
  readonly compliance: Compliance;
  /** Sends any endpoint of the contract and answers `{data, response, attempts}`. */
  readonly requester: Requester;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new TypeError('Client: apiKey is required');
    if (!options.baseUrl) throw new TypeError('Client: baseUrl is required');
    checkOptions(options);
    if (isBrowser() && !options.dangerouslyAllowBrowser)
      throw new MarketingError(
        'Client: refusing to run in a browser, where the API key is readable by anyone who opens the page. ' +
          'Call the service from your server, or set dangerouslyAllowBrowser: true if the key may be public (a mock, a proxy).',
      );
    this.requester = new Requester(options);
    this.contacts = new Contacts(this.requester);
    this.tags = new Tags(this.requester);
    this.campaigns = new Campaigns(this.requester);
    this.campaignsV2 = new CampaignsV2(this.requester);
    this.send = new Send(this.requester);
    this.sales = new Sales(this.requester);
    this.transactions = new Transactions(this.requester);
    this.compliance = new Compliance(this.requester);
  }
}

// Mistakes in the options are named here, not by the first call (`TypeError: Invalid URL`), nor
// by every call (a URL with a query, a timeout past what timers hold).
function checkOptions(options: ClientOptions): void {
  const baseUrl = options.baseUrl;
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {}
  const wrong =
    url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')
      ? 'an absolute http(s) URL such as https://api.example.com'
      : /\s/.test(baseUrl)
        ? 'a URL without spaces'
        : url.search !== '' || url.hash !== '' || baseUrl.includes('#') || baseUrl.includes('?')
          ? 'a URL without a query or fragment (the SDK adds each route to it)'
          : url.username !== '' || url.password !== ''
            ? 'a URL without credentials (fetch refuses them; the API key goes in apiKey)'
            : undefined;
  if (wrong) throw new TypeError(`Client: baseUrl must be ${wrong}, got ${JSON.stringify(baseUrl)}`);
  checkRetryOptions(options, 'Client');
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw new TypeError(`Client: fetch must be a function, got ${typeof options.fetch}`);
  if (options.logLevel !== undefined && !LOG_LEVELS.includes(options.logLevel))
    throw new TypeError(
      `Client: logLevel must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(options.logLevel)}`,
    );
  const logger = options.logger as Record<string, unknown> | undefined;
  const missing =
    logger &&
    (['debug', 'info', 'warn', 'error'] as const).filter((name) => typeof logger[name] !== 'function');
  if (missing && missing.length > 0)
    throw new TypeError(
      `Client: logger must have debug, info, warn and error functions; it has no ${missing.join(', ')}`,
    );
}

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];
