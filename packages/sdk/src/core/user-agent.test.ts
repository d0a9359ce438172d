import { afterEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { identificationHeader, SDK_VERSION } from './user-agent.js';

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('identificationHeader', () => {
  it('names the SDK, its version, Node and the platform in user-agent on a server', () => {
    expect(SDK_VERSION).toBe(packageJson.version);
    expect(identificationHeader()).toEqual({
      'user-agent': `marketing-sdk/${packageJson.version} (node ${process.versions.node}; ${process.platform})`,
    });
  });

  it('uses x-marketing-sdk in a browser page, which may not set user-agent', () => {
    (globalThis as { window?: unknown }).window = { document: {} };
    expect(identificationHeader()).toEqual({
      'x-marketing-sdk': `marketing-sdk/${packageJson.version} (browser)`,
    });
  });
});
