/** Where the SDK writes its logs: `console` fits, as do pino and winston loggers. */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** How much the SDK logs: `debug` logs every request, answer and retry. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };

/** The level from `MARKETING_LOG` in the environment, where there is one. */
function levelFromEnvironment(): LogLevel | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    ?.MARKETING_LOG;
  return value && value in RANK ? (value as LogLevel) : undefined;
}

/** A logger that writes only at or above a level. */
export function createLog(logger: Logger | undefined, level: LogLevel | undefined) {
  const threshold = RANK[level ?? levelFromEnvironment() ?? 'warn'];
  const sink = logger ?? console;
  const at =
    (name: Exclude<LogLevel, 'off'>) =>
    (message: string, ...details: unknown[]) => {
      if (RANK[name] >= threshold) sink[name](`[marketing-sdk] ${message}`, ...details);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    enabled: (name: LogLevel) => RANK[name] >= threshold,
  };
}

/** The log functions of a client. */
export type Log = ReturnType<typeof createLog>;
