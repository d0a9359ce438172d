import type { ChildProcess } from 'node:child_process';

/**
 * Waits until a started `marketing-mock` prints `listening on <url>`, and answers the URL; rejects
 * if the process exits first.
 */
export function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const match = out.match(/listening on (http:\/\/\S+)/);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}
