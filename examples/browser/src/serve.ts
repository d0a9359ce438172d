// Serves the built page on http://127.0.0.1:5173 (or --port) for a browser.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPage } from './build.js';

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** A static server for a directory: what any web server would do for the page. */
export function servePage(dir: string): Server {
  return createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    try {
      const file = join(dir, path === '/' ? 'index.html' : path);
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[process.argv.indexOf('--port') + 1]) || 5173;
  servePage(await buildPage()).listen(port, '127.0.0.1', () => console.log(`open http://127.0.0.1:${port}`));
}
