import { version } from '../../package.json';

/** The SDK's version, from its package.json. */
export const SDK_VERSION: string = version;

/**
 * The header that names the SDK on every request, set here only: `user-agent` on servers
 * (`marketing-sdk/0.2.0 (node 20.20.2; linux)`), `x-marketing-sdk` in browsers, which do not let
 * a page set `user-agent`.
 */
export function identificationHeader(): Record<string, string> {
  // Read through globalThis: the SDK imports nothing Node-only, so it also runs in browsers.
  const runtime = (globalThis as { process?: { versions?: { node?: string }; platform?: string } }).process;
  const node = runtime?.versions?.node;
  if (node && !isBrowser())
    return { 'user-agent': `marketing-sdk/${SDK_VERSION} (node ${node}; ${runtime?.platform})` };
  return { 'x-marketing-sdk': `marketing-sdk/${SDK_VERSION} (browser)` };
}

/** Whether the code runs in a browser page (a window with a document). */
export function isBrowser(): boolean {
  const window = (globalThis as { window?: { document?: unknown } }).window;
  return typeof window === 'object' && window !== null && typeof window.document === 'object';
}
