import { send } from '../contract/send.js';
import type { DeliveryMethod } from '../schemas/campaign.js';

// The GSM 03.38 basic character set and its extension table (each extension character is sent
// as an escape plus the character, so it takes two septets).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

/** How an SMS is encoded. */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** How an SMS splits into parts. */
export interface SmsParts {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  parts: number;
}

/**
 * The encoding a text needs: GSM-7 when every character is in the GSM basic set or its
 * extension table, otherwise UCS-2.
 *
 * @example
 * ```ts
 * smsEncoding('Price: 10€'); // 'GSM-7'
 * smsEncoding('Sawubona 👋'); // 'UCS-2'
 * ```
 */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return 'UCS-2';
  return 'GSM-7';
}

/**
 * Counts the parts of an SMS: GSM-7 fits 160 septets in one part or 153 per part when split
 * (extension characters take two, and are never split across parts); UCS-2 fits 70 code units or
 * 67 per part (a surrogate pair is never split). An empty text is one part.
 *
 * @example
 * ```ts
 * countSmsParts('a'.repeat(160)).parts; // 1
 * countSmsParts('a'.repeat(161)).parts; // 2
 * countSmsParts('é'.repeat(71)).parts;  // 1 (é is GSM-7)
 * countSmsParts('ā'.repeat(71)).parts;  // 2 (UCS-2)
 * ```
 */
export function countSmsParts(text: string): SmsParts {
  const encoding = smsEncoding(text);
  const sizes: number[] = [];
  for (const char of text) sizes.push(encoding === 'GSM-7' ? (extension.has(char) ? 2 : 1) : char.length);
  const units = sizes.reduce((a, b) => a + b, 0);
  const single = encoding === 'GSM-7' ? 160 : 70;
  if (units <= single) return { encoding, units, parts: 1 };
  const perPart = encoding === 'GSM-7' ? 153 : 67;
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, parts };
}

/** Credits per SMS part, by delivery method. */
export type SmsPrices = Record<DeliveryMethod, number>;

/** The default price of one SMS part, in credits, by delivery method: the contract's `POST /send/sms` cost. */
export const DEFAULT_SMS_PRICES: SmsPrices = { ...send.sms.cost.credits };

/**
 * The cost of an SMS: its part count times the delivery method's price per part.
 *
 * @example
 * ```ts
 * smsCost('Hello', 'reverse'); // 1.5
 * ```
 */
export function smsCost(
  text: string,
  method: DeliveryMethod,
  prices: SmsPrices = DEFAULT_SMS_PRICES,
): number {
  return countSmsParts(text).parts * prices[method];
}

/**
 * The message for an SMS with more parts than its campaign allows, or `undefined` when it fits.
 *
 * @example
 * ```ts
 * tooManyParts('a'.repeat(400), 2); // 'Message needs 3 SMS parts; the campaign allows 2'
 * ```
 */
export function tooManyParts(text: string, maxParts: number | undefined): string | undefined {
  if (maxParts === undefined) return undefined;
  const { parts } = countSmsParts(text);
  return parts > maxParts ? `Message needs ${parts} SMS parts; the campaign allows ${maxParts}` : undefined;
}
