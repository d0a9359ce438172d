import { processStat } from './process-stat.js';

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash']);

/**
 * Calls `stop` once the package manager that started this process has gone. Under npx or a
 * package script, npm and pnpm run the command through `sh -c`, which passes no signal on, and npm
 * passes on only SIGINT and SIGTERM: a SIGHUP sent to `npx` ends npm and leaves the shell, and the
 * server under it, running. So the watch is on the shell's parent as well as this process's own.
 *
 * @example
 * ```ts
 * if (process.env.npm_command === 'exec') watchPackageManager(() => void shutdown('its package manager stopped'));
 * ```
 */
export function watchPackageManager(stop: () => void, everyMs = 200): void {
  const parent = process.ppid;
  const parentStat = processStat(parent);
  const shell = parentStat && SHELLS.has(parentStat.name) ? parentStat.parent : undefined;
  setInterval(() => {
    if (process.ppid !== parent) return stop();
    if (shell !== undefined && processStat(parent)?.parent !== shell) stop();
  }, everyMs).unref();
}
