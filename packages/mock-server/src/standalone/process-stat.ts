import { readFileSync } from 'node:fs';

/** What Linux's `/proc/<pid>/stat` says of a process. */
export interface ProcessStat {
  /** The command's name, as the kernel keeps it (`sh`, `node`, `npm exec market`). */
  name: string;
  /** Its state letter: `R` running, `S` sleeping, `Z` a zombie not yet reaped, ... */
  state: string;
  /** Its parent's process ID. */
  parent: number;
}

/**
 * Reads a process's name, state and parent from `/proc`; `undefined` when it is gone or the
 * system has no `/proc` (macOS, Windows).
 *
 * @example
 * ```ts
 * processStat(process.ppid)?.name; // 'sh' under npx
 * ```
 */
export function processStat(pid: number): ProcessStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // `pid (name) state ppid ...`: the name may hold spaces and parentheses, so read after the last ')'.
  const close = stat.lastIndexOf(')');
  const [state = '', parent = ''] = stat.slice(close + 2).split(' ', 2);
  return { name: stat.slice(stat.indexOf('(') + 1, close), state, parent: Number.parseInt(parent, 10) };
}
