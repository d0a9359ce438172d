import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** A running `marketing-mock` child process. */
export interface CliProcess {
  url: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Sends a signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `marketing-mock` command built once from sources for the run (test-support/cli-bundle.ts). */
    cliBundle: string;
  }
}

/**
 * The command that starts `marketing-mock` from this checkout's sources: the file the test run's
 * global setup built from them (test-support/cli-bundle.ts), or, outside such a run, tsx.
 */
export const cliCommand: readonly string[] = (() => {
  const bundle = inject('cliBundle');
  if (bundle) return [process.execPath, bundle];
  // By their paths: a test may run the command in a directory with no node_modules.
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return [process.execPath, '--import', tsx, join(packageDir, 'src/standalone/cli.ts')];
})();

/** How to start the command: by default {@link cliCommand} in the package. */
export interface SpawnOptions {
  /** The command and its first arguments, before the CLI's own. */
  command?: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

function spawnCli(args: string[], options: SpawnOptions) {
  const [command, ...first] = options.command ?? cliCommand;
  return spawn(command!, [...first, ...args], {
    cwd: options.cwd ?? packageDir,
    // tsx (when it runs the command) finds the package's tsconfig wherever the command runs.
    env: { TSX_TSCONFIG_PATH: join(packageDir, 'tsconfig.json'), ...process.env, ...options.env },
  });
}

/** Runs the CLI to completion (for flags that exit at once). */
export function runCli(
  args: string[],
  options: SpawnOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Starts the CLI on a free port, as a user would, and waits until it listens. */
export function startCli(args: string[] = [], options: SpawnOptions = {}): Promise<CliProcess> {
  const child = spawnCli(['--port', '0', ...args], options);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start:\n${stdout}\n${stderr}`)), 20_000);
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.stdout.on('data', (d) => {
      stdout += d;
      const match = stdout.match(/listening on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          child,
          stdout: () => stdout,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}:\n${stdout}\n${stderr}`));
    });
  });
}
