import type { ClientOptions } from './core/options.js';
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

// Mistakes in the options are named here, not by the first call (`TypeError: Invalid URL`).
function checkOptions(options: ClientOptions): void {
  let url: URL | undefined;
  try {
    url = new URL(options.baseUrl);
  } catch {}
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new TypeError(
      `Client: baseUrl must be an absolute http(s) URL such as https://api.example.com, got ${JSON.stringify(options.baseUrl)}`,
    );
  const counts = {
    maxRetries: options.maxRetries,
    maxRetryAfter: options.maxRetryAfter,
    deadline: options.deadline,
  };
  for (const [name, value] of Object.entries(counts))
    if (value !== undefined && !(Number.isFinite(value) && value >= 0))
      throw new RangeError(`Client: ${name} must be a number, 0 or more, got ${String(value)}`);
  if (
    options.timeout !== undefined &&
    options.timeout !== false &&
    !(Number.isFinite(options.timeout) && options.timeout > 0)
  )
    throw new RangeError(
      `Client: timeout must be a number of milliseconds above 0, or false, got ${String(options.timeout)}`,
    );
}
