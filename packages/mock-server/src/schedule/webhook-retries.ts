import type { ScheduledEvent } from '../core/scheduler.js';
import type { Settings } from '../core/settings.js';
import { takeAttemptNumber } from '../hooks/attempt-numbers.js';
import { requestOf, retryDueAt, sendAttempt } from '../hooks/deliver-webhook.js';
import type { WebhookDelivery } from '../store/records.js';
import type { WorldRecords } from '../store/world-records.js';

export const WEBHOOK_RETRY = 'webhook_retry';

// How often pending retries are looked at while the clock runs: real time passing is noticed
// within this, and so are a clock unfrozen or moved without a request to the mock.
const RETRY_WATCH_MS = 250;
// The most attempts out on the network at once; the others wait their turn. 10,000 retries falling
// due together (a clock unfrozen, a state file's start) were all sent in one go: 20,000 open
// files, health unanswered for seconds, 1 GB, and refused connections recorded as timeouts.
const MOST_ATTEMPTS_OUT = 64;

/**
 * The retries of webhook deliveries whose attempts got no answer, each due a timeout's span after
 * the attempt it follows, on the mock's clock: a frozen clock holds them until it is moved, and
 * real time passing sends them without any request to the mock. Attempts are out on the network
 * after what sent them answered; {@link WebhookRetries.settled} waits for them, and
 * {@link WebhookRetries.stop} ends them.
 */
export class WebhookRetries {
  readonly #inFlight = new Set<Promise<unknown>>();
  // Each attempt out has a controller of its own (a shared signal gathered a listener an attempt).
  readonly #out = new Set<AbortController>();
  readonly #turns: (() => void)[] = [];
  // Attempts holding a turn: out on the network, or handed a turn and about to go.
  #busy = 0;
  #stopped = false;
  #pending = 0;
  #watch: ReturnType<typeof setInterval> | undefined;

  /**
   * `add` queues an event; `catchUp` runs what is due (it is asked while retries wait, since
   * nothing else would notice real time passing).
   */
  constructor(
    private readonly settings: () => Settings,
    private readonly queue: { add(event: ScheduledEvent): void; catchUp(): void },
  ) {}

  /**
   * Queues the retry of a failed attempt in `world`, if one follows it, and runs it at once when
   * it is due already (`runDue`): the clock passed it while the attempt was out (a move, or a
   * receiver slower than the timeout).
   */
  failed(world: WorldRecords, entry: WebhookDelivery, runDue = true): void {
    const at = retryDueAt(entry, this.settings());
    if (at === undefined) return;
    this.#pending += 1;
    this.queue.add(this.#event(world, entry, at));
    this.#startWatch();
    if (runDue && !this.#stopped) this.queue.catchUp();
  }

  /**
   * Runs an attempt once fewer than 64 are out, with the signal that ends it when the mock stops,
   * keeping it until it ends.
   */
  attempt<T>(send: (stop: AbortSignal) => Promise<T>): Promise<T> {
    const sending = this.#inTurn(send);
    this.#inFlight.add(sending);
    const done = () => this.#inFlight.delete(sending);
    sending.then(done, done);
    return sending;
  }

  /**
   * Ends every attempt out (and those waiting their turn) at once, each written as a failed
   * connection, so that a state file saved next keeps its delivery waiting for a retry; sends no
   * more.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const controller of this.#out) controller.abort();
    this.#stopWatch();
    await this.settled();
  }

  async #inTurn<T>(send: (stop: AbortSignal) => Promise<T>): Promise<T> {
    // A turn that ends is handed straight to the next waiting, so that none passes the limit.
    if (this.#busy >= MOST_ATTEMPTS_OUT) await new Promise<void>((resolve) => this.#turns.push(resolve));
    else this.#busy += 1;
    const controller = new AbortController();
    if (this.#stopped) controller.abort();
    this.#out.add(controller);
    try {
      return await send(controller.signal);
    } finally {
      this.#out.delete(controller);
      const next = this.#turns.shift();
      if (next) next();
      else this.#busy -= 1;
    }
  }

  /** Forgets every retry not yet sent (the queue was cleared: a reset, or another world). */
  clear(): void {
    this.#pending = 0;
    this.#stopWatch();
  }

  /** Waits until no attempt is out, those that ended and made more included. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  #event(world: WorldRecords, entry: WebhookDelivery, at: number): ScheduledEvent {
    const request = requestOf(entry);
    return {
      at,
      view: {
        kind: WEBHOOK_RETRY,
        delivery_id: entry.delivery_id,
        hook_id: entry.hook_id,
        attempt: entry.attempt + 1,
      },
      run: (now) => {
        this.#pending -= 1;
        if (this.#pending === 0) this.#stopWatch();
        // Stopped, the journal's last attempt still says the delivery waits: a restart retries it.
        if (this.#stopped) return;
        // Numbered when sent: a redelivery sent meanwhile took the number planned.
        const attempt = takeAttemptNumber(world.webhookDeliveries, entry.delivery_id);
        void sendAttempt(world, request, attempt, now.getTime(), this.settings());
      },
    };
  }

  #startWatch(): void {
    if (this.#watch || this.#stopped) return;
    this.#watch = setInterval(() => this.queue.catchUp(), RETRY_WATCH_MS);
    // A retry still to come does not keep a test's process (or the command) alive.
    this.#watch.unref?.();
  }

  #stopWatch(): void {
    clearInterval(this.#watch);
    this.#watch = undefined;
  }
}
