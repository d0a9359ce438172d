import type { IncomingMessage } from 'node:http';
import type { IncomingCall } from '../core/handle-request.js';

/** The call the core reads, over Node's request: one object per request, its methods shared. */
export class NodeCall implements IncomingCall {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingCall['headers'];
  readonly headerList: readonly string[];
  readonly #req: IncomingMessage;

  constructor(req: IncomingMessage) {
    this.#req = req;
    this.headerList = req.rawHeaders;
    this.method = req.method ?? 'GET';
    this.url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
    this.headers = this;
  }

  get(name: string): string | null {
    const value = this.#req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  text(): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.#req.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.#req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      this.#req.on('error', reject);
    });
  }
}
