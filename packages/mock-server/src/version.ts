import manifest from '../package.json' with { type: 'json' };

/** The version of `@marketing/mock-server` (the standalone server's `--version` and health). */
export const VERSION: string = manifest.version;
