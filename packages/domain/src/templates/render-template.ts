import { type CellFormat, formatCell } from '../cell.js';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_ZONE, formatDate } from './format-date.js';

/**
 * The objects a template can read: `contact`, `reply`, `campaign`, `send` and `now`.
 * Any of them may be absent; their fields then render as missing.
 */
export interface TemplateContext {
  contact?: object | undefined;
  reply?: object | undefined;
  campaign?: object | undefined;
  send?: object | undefined;
  /** The current time, passed in so rendering never reads the clock. */
  now: Date;
  /** The organisation's time zone for `date` rendering. @default 'Africa/Johannesburg' */
  timeZone?: string | undefined;
}

/** The result of rendering: the text and the placeholders that had no value and no fallback. */
export interface RenderResult {
  text: string;
  missing: string[];
}

/** One `{{...}}` placeholder, parsed. */
export interface Placeholder {
  /** The placeholder as written, without braces: `reply.Received|date:yyyy-MM-dd?Unknown`. */
  source: string;
  /** `contact.firstname`, or `now`. */
  path: string;
  /** `date`, `cell`, or undefined. */
  option?: { name: string; argument?: string };
  fallback?: string;
}

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/**
 * Parses the inside of a placeholder: `path|option:argument?fallback`.
 *
 * @example
 * ```ts
 * parsePlaceholder('reply.Received|date:yyyy-MM-dd?Unknown');
 * // { source, path: 'reply.Received', option: { name: 'date', argument: 'yyyy-MM-dd' }, fallback: 'Unknown' }
 * ```
 */
export function parsePlaceholder(source: string): Placeholder {
  const fallbackAt = source.indexOf('?');
  const expression = (fallbackAt === -1 ? source : source.slice(0, fallbackAt)).trim();
  const fallback = fallbackAt === -1 ? undefined : source.slice(fallbackAt + 1);
  const optionAt = expression.indexOf('|');
  const path = (optionAt === -1 ? expression : expression.slice(0, optionAt)).trim();
  const placeholder: Placeholder = { source, path };
  if (optionAt !== -1) {
    const option = expression.slice(optionAt + 1).trim();
    const colon = option.indexOf(':');
    placeholder.option =
      colon === -1
        ? { name: option }
        : { name: option.slice(0, colon).trim(), argument: option.slice(colon + 1) };
  }
  if (fallback !== undefined) placeholder.fallback = fallback;
  return placeholder;
}

/**
 * Lists the placeholders of a template, in order.
 *
 * @example
 * ```ts
 * placeholdersOf('Hi {{contact.firstname?there}}').map((p) => p.path); // ['contact.firstname']
 * ```
 */
export function placeholdersOf(template: string): Placeholder[] {
  return [...String(template).matchAll(PLACEHOLDER)].map((m) => parsePlaceholder(m[1] ?? ''));
}

const OBJECTS = new Set(['contact', 'reply', 'campaign', 'send']);

function lookup(context: TemplateContext, path: string): unknown {
  if (path === 'now') return context.now;
  const [object, ...fields] = path.split('.');
  if (object === undefined || !OBJECTS.has(object) || fields.length === 0) return undefined;
  let value: unknown = context[object as 'contact'];
  for (const field of fields) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, field)) return undefined;
    value = (value as Record<string, unknown>)[field];
  }
  return value;
}

function stringify(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (Array.isArray(value)) return value.map((v) => stringify(v) ?? '').join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const CELL_FORMATS = new Set<string>(['local', 'plus', 'trailing', 'msisdn']);

function resolve(placeholder: Placeholder, context: TemplateContext): string | undefined {
  const value = lookup(context, placeholder.path);
  const { option } = placeholder;
  if (option?.name === 'date') {
    const pattern = option.argument?.trim() ? option.argument : DEFAULT_DATE_FORMAT;
    return formatDate(value, pattern, context.timeZone ?? DEFAULT_TIME_ZONE);
  }
  if (option?.name === 'cell' && placeholder.path === 'contact.cell' && typeof value === 'string') {
    const format = option.argument?.trim() ?? 'msisdn';
    return CELL_FORMATS.has(format) ? formatCell(value, format as CellFormat) : value;
  }
  if (placeholder.path === 'now' && value instanceof Date) {
    return formatDate(value, DEFAULT_DATE_FORMAT, context.timeZone ?? DEFAULT_TIME_ZONE);
  }
  return stringify(value);
}

/** Options of {@link renderTemplate}. */
export interface RenderOptions {
  /**
   * Applied to what each placeholder renders to (its value or its fallback), not to the text
   * around it: `encodeURIComponent` for a template that makes a URL.
   */
  encode?: (text: string) => string;
}

/**
 * Renders a template: `{{object.field}}`, options `|date:format` and `|cell:local|plus|trailing`,
 * and `?fallback`. A placeholder with no value and no fallback renders as an empty string and is
 * listed in `missing`. Never throws.
 *
 * @example
 * ```ts
 * renderTemplate('Hi {{contact.firstname?there}}, {{contact.cell|cell:local}}', {
 *   contact: { cell: '27821234567' },
 *   now: new Date(),
 * });
 * // { text: 'Hi there, 0821234567', missing: [] }
 * ```
 */
export function renderTemplate(
  template: string,
  context: TemplateContext,
  options: RenderOptions = {},
): RenderResult {
  const missing: string[] = [];
  const encode = options.encode ?? ((text: string) => text);
  const text = String(template).replace(PLACEHOLDER, (_, inner: string) => {
    const placeholder = parsePlaceholder(inner);
    const value = resolve(placeholder, context);
    if (value !== undefined) return encode(value);
    if (placeholder.fallback !== undefined) return encode(placeholder.fallback);
    missing.push(placeholder.source.trim());
    return '';
  });
  return { text, missing };
}

/**
 * Whether a text contains any placeholder. Used to refuse templates in sends to non-contacts.
 *
 * @example
 * ```ts
 * hasPlaceholders('Hi {{contact.firstname}}'); // true
 * ```
 */
export function hasPlaceholders(text: string): boolean {
  return /\{\{[^{}]*\}\}/.test(text);
}
