// The dashboard of the standalone mock: the request journal, the outbox, webhook deliveries,
// contacts, the clock, the armed faults and the state, from the control plane under /__mock/.
import type { Contact } from '@marketing/domain';
import htm from 'htm';
import { h, render } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type {
  ClockChange,
  ClockReading,
  Fault,
  FaultInput,
  OutboxMessage,
  RequestLogEntry,
  WebhookDelivery,
  WebhookDeliveryDetail,
} from '../src/index.js';
import { BODY_FILE, curlOf } from './curl.js';
import { chosenWorld, WorldPicker, worldBase } from './world-picker.js';

const html = htm.bind(h);

/** A contact as `GET /__mock/contacts` answers it: with the organisation that holds it. */
type ContactOfOrg = Contact & { org_id: string };

/** A control-plane envelope as the page reads it. */
interface Envelope {
  ok: boolean;
  data?: unknown;
  error?: unknown;
  dropped?: number;
  emptied?: number;
}

/**
 * Every call the page makes to the control plane goes through here, so headers every call needs
 * (the control token) are added in one place.
 */
const TOKEN_KEY = 'marketing-mock-control-token';
let tokenDeclined = false;
// Said to the page when the prompt was cancelled (a banner offers it again) and when a token is
// given, so the banner goes.
const TOKEN_EVENT = 'marketing-mock-token';
const tokenNeeded = () => window.dispatchEvent(new CustomEvent(TOKEN_EVENT, { detail: tokenDeclined }));

/** Asks for the control token; answers it, or null when the prompt was cancelled. */
function askForToken(refused: boolean): string | null {
  const token = prompt(
    refused
      ? 'That control token was refused. Enter this mock’s control token (--control-token):'
      : 'This mock needs its control token (--control-token):',
  );
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  tokenDeclined = !token;
  tokenNeeded();
  return token || null;
}

/** The banner's button: asks again after the prompt was cancelled. */
const askAgain = () => askForToken(false);

async function controlFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    // Every POST says JSON, a bare one too: the control plane refuses a browser's POST otherwise.
    if ((init.body !== undefined || init.method === 'POST') && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    if (token) headers.set('x-mock-token', token);
    return fetch(`${worldBase()}/__mock/${path}`, { ...init, headers });
  };
  const sent = sessionStorage.getItem(TOKEN_KEY);
  // Declined: nothing is sent until the banner's button is used (each poll was a 401 otherwise).
  if (tokenDeclined && !sent)
    throw new Error('This mock needs its control token: use “Enter the token” above.');
  const response = await send(sent);
  if (response.status !== 401) return response;
  // A mock started with --control-token: ask once (polls answered 401 meanwhile reuse the answer),
  // and keep it for this tab only. A token that was sent and refused is dropped and asked again.
  let token = sessionStorage.getItem(TOKEN_KEY);
  if (token === sent && !tokenDeclined) {
    if (sent) sessionStorage.removeItem(TOKEN_KEY);
    token = askForToken(sent !== null);
  }
  return token && token !== sent ? send(token) : response;
}

/** The whole envelope of a control answer; throws its error when it is a refusal. */
async function envelope(path: string, init?: RequestInit): Promise<Envelope> {
  const response = await controlFetch(path, init);
  const body = (await response.json()) as Envelope;
  if (!body.ok) throw new Error(typeof body.error === 'string' ? body.error : JSON.stringify(body.error));
  return body;
}

// Each caller names the shape of its route's data, as the mock's exported types declare it.
const control = <T>(path: string, init?: RequestInit): Promise<T> =>
  envelope(path, init).then((b) => b.data as T);

const post = <T = unknown>(path: string, body?: unknown) =>
  control<T>(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** The `hint` of a refusal envelope, if it has one. */
const hintOf = (answer: unknown): string | undefined =>
  typeof answer === 'object' && answer !== null && 'hint' in answer && typeof answer.hint === 'string'
    ? answer.hint
    : undefined;

/** A status line that clears itself after a few seconds. */
function useMessage(): [string, (text: string) => void] {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(''), 6000);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}

/**
 * Closes a detail on Escape wherever focus is (inside the detail only, a click on its text or a
 * Redeliver that took focus away left Escape doing nothing).
 */
function useEscape(onClose: () => void): void {
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, [onClose]);
}

/** A value that follows `value` once it has stood still for `ms` (a filter typed key by key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Polls a control route while the view is open; the next poll starts when the last one ended. */
function usePoll<T>(path: string, initial: T): [T, () => void, string | undefined] {
  const [data, setData] = useState<T>(initial);
  const [error, setError] = useState<string | undefined>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      control<T>(path)
        .then(
          (d) => {
            if (stopped) return;
            setData(d);
            setError(undefined);
          },
          (e: Error) => !stopped && setError(e.message),
        )
        .finally(() => {
          if (!stopped) timer = setTimeout(load, 1500);
        });
    load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [path, tick]);
  return [data, useCallback(() => setTick((n) => n + 1), []), error];
}

/** Saves what a control route answers as a file, through `controlFetch` (so with its headers). */
async function download(path: string, filename: string): Promise<void> {
  const response = await controlFetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

const pretty = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));
// The most characters of a heading (a request's path, a webhook's URL): a path of 10,000
// characters filled the detail's heading and pushed what it holds a screen down.
const MOST_HEADING_CHARS = 120;
const MOST_TABLE_URL_CHARS = 80;
// What a text cut after `most` characters says of the rest.
const moreCharacters = (text: string, most: number) =>
  `… ${(text.length - most).toLocaleString('en')} more characters`;
const clipped = (text: string, most: number) =>
  text.length <= most ? text : `${text.slice(0, most)} ${moreCharacters(text, most)}`;
// The journal keeps this much of a body or an answer (then body_truncated, response_truncated).
const KEPT_BODY = '64 kB';
const shortError = (error: unknown) =>
  error === undefined ? '' : typeof error === 'string' ? error : JSON.stringify(error).slice(0, 120);
const when = (at: string) => `${at.slice(0, 10)} ${at.slice(11, 19)}`;
const DROPPED =
  'No answer: an armed fault dropped the connection (status 0), so the client saw a network error.';
const STATUS_FILTER = /^(\d{3}|[1-5]xx)$/;
// Requests the list's first poll asks for, and the most one page of the journal holds.
const FIRST_PAGE = 200;
const MOST_PAGE = 1000;

interface Filter {
  id: string;
  status: string;
  path: string;
  org: string;
  failed: boolean;
}

function RequestDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const [entry, setEntry] = useState<RequestLogEntry | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEscape(onClose);
  useEffect(() => {
    setEntry(undefined);
    setCopied(false);
    control<RequestLogEntry>(`requests/${encodeURIComponent(id)}`).then(
      (e) => {
        setEntry(e);
        setError(undefined);
      },
      (e: Error) => setError(e.message),
    );
  }, [id]);
  useEffect(() => {
    if (!entry) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [entry]);
  if (error)
    return html`<article class="detail" aria-label="Request detail"><p class="error">${error}</p></article>`;
  if (!entry)
    return html`<article class="detail" aria-label="Request detail"><p>Loading ${id}…</p></article>`;
  const curl = curlOf(entry, worldBase());
  return html`
    <article class="detail" aria-label="Request detail">
      <div class="detail-head">
        <h2 tabIndex="-1" ref=${heading}>${entry.method} ${clipped(entry.path, MOST_HEADING_CHARS)} → ${entry.status}</h2>
        <button onClick=${onClose} aria-label="Close the detail (Escape)">Close</button>
      </div>
      <p class="meta">${entry.id} · ${entry.at} · ${entry.duration_ms} ms${entry.org_id ? ` · ${entry.org_id}` : ''}${entry.fault_id ? ` · fault ${entry.fault_id}` : ''}</p>
      ${entry.status === 0 && html`<p class="hint">${DROPPED}</p>`}
      ${entry.error !== undefined && html`<h3>Error</h3><pre class="error-text">${pretty(entry.error)}</pre>`}
      ${hintOf(entry.response) && html`<p class="hint">${hintOf(entry.response)}</p>`}
      <h3>Repeat it</h3>
      ${entry.body_truncated && html`<p class="hint">The body was longer than the ${KEPT_BODY} the journal keeps, so it is cut below, and the curl reads the whole body from <code>${BODY_FILE}</code>: put it there first.</p>`}
      <pre class="curl">${curl}</pre>
      <button onClick=${() => navigator.clipboard?.writeText(curl).then(() => setCopied(true))}>
        ${copied ? 'Copied' : 'Copy curl'}
      </button>
      <h3>Request</h3>
      <pre>${pretty({ query: entry.query, headers: entry.headers, body: entry.body })}</pre>
      ${
        entry.status !== 0 &&
        html`<h3>Answer headers</h3>
        <pre class="answer-headers">${Object.entries(entry.response_headers ?? {})
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n')}</pre>
        <h3>Answer</h3>
        ${entry.response_truncated && html`<p class="hint">The answer was longer than the ${KEPT_BODY} the journal keeps: it is cut here.</p>`}
        <pre>${pretty(entry.response)}</pre>`
      }
    </article>`;
}

function Requests({
  open,
  setOpen,
}: {
  open: string | undefined;
  setOpen: (id: string | undefined) => void;
}) {
  const [filter, setFilter] = useState<Filter>({ id: '', status: '', path: '', org: '', failed: false });
  const [entries, setEntries] = useState<RequestLogEntry[]>([]);
  const [dropped, setDropped] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useMessage();
  const [focused, setFocused] = useState(0);
  const [generation, setGeneration] = useState(0);
  // The first poll asks for the newest 200 (a page of 1,000 is about a megabyte); "Show all" asks
  // for up to 1,000, the most a page holds. `kept` is how many the journal holds, when more.
  const [firstPage, setFirstPage] = useState(FIRST_PAGE);
  const [kept, setKept] = useState<number | undefined>();
  const list = useRef<HTMLUListElement>(null);
  const statusBad = filter.status.trim() !== '' && !STATUS_FILTER.test(filter.status.trim());
  const params = new URLSearchParams();
  for (const name of ['id', 'status', 'path', 'org'] as const)
    if (filter[name].trim() !== '') params.set(name, filter[name].trim());
  if (filter.failed) params.set('failed', 'true');
  // Typed key by key, a filter asked the journal once a key: it is asked once the typing stops.
  const query = useSettled(params.toString(), 300);

  // Incremental: each poll asks only for entries after the newest one shown, and the next poll
  // starts when the last has ended, so polls never overlap.
  useEffect(() => {
    setEntries([]);
    setError(undefined);
    setKept(undefined);
    if (statusBad) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: string | undefined;
    let emptied: number | undefined;
    // Whether the list shows fewer than the journal holds: then its count is asked again as new
    // requests come, so the note stays true.
    let partial = false;
    let shown = 0;
    const poll = async () => {
      let again = 1500;
      try {
        const q = new URLSearchParams(query);
        if (last) q.set('after', last);
        const first = !last;
        q.set('limit', String(first ? firstPage : MOST_PAGE));
        const answer = await envelope(`requests?${q}`);
        if (stopped) return;
        if (emptied !== undefined && answer.emptied !== emptied) {
          // Emptied elsewhere (a reset, DELETE /__mock/requests, another tab): what is shown is
          // gone, so start over from the newest entries rather than append to a stale list.
          emptied = answer.emptied;
          last = undefined;
          partial = false;
          setEntries([]);
          setKept(undefined);
          again = 0;
          return;
        }
        emptied = answer.emptied;
        const fresh = answer.data as RequestLogEntry[];
        shown = Math.min(MOST_PAGE, (first ? 0 : shown) + fresh.length);
        if ((first && fresh.length === firstPage) || ((partial || shown === MOST_PAGE) && fresh.length > 0)) {
          const { count } = await control<{ count: number }>(`requests/count${query ? `?${query}` : ''}`);
          if (stopped) return;
          partial = count > shown;
          setKept(partial ? count : undefined);
        }
        if (fresh.length > 0) {
          last = fresh[fresh.length - 1]!.id;
          setEntries((list) => [...list, ...fresh].slice(-MOST_PAGE));
        }
        setDropped(answer.dropped ?? 0);
        setError(undefined);
      } catch (e) {
        if (!stopped) setError((e as Error).message);
      } finally {
        if (!stopped) timer = setTimeout(poll, again);
      }
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [query, statusBad, generation, firstPage]);

  const newest = [...entries].reverse();
  const rowButtons = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button.row') ?? [])];
  const focusRow = (index: number) => {
    const rows = rowButtons();
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setFocused(next);
    rows[next]?.focus();
  };
  const close = () => {
    const index = newest.findIndex((e) => e.id === open);
    setOpen(undefined);
    setTimeout(() => focusRow(index < 0 ? focused : index), 0);
  };
  const onListKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: focused + 1,
      ArrowUp: focused - 1,
      Home: 0,
      End: newest.length - 1,
      PageDown: focused + 10,
      PageUp: focused - 10,
    };
    if (e.key in moves) {
      e.preventDefault();
      focusRow(moves[e.key]!);
    }
  };
  const field = (name: 'id' | 'status' | 'path' | 'org', label: string, placeholder: string) => html`
    <label>${label}
      <input name=${name} value=${filter[name]} placeholder=${placeholder}
        aria-invalid=${name === 'status' && statusBad ? 'true' : undefined}
        onInput=${(e: Event) => setFilter({ ...filter, [name]: (e.target as HTMLInputElement).value })} />
    </label>`;
  const act = (what: Promise<unknown>, done: string) =>
    what.then(
      () => setMessage(done),
      (e: Error) => setMessage(e.message),
    );
  return html`
    <section aria-label="Requests">
      <form class="filters" onSubmit=${(e: Event) => e.preventDefault()}>
        ${field('id', 'Request ID', 'req_…')} ${field('status', 'Status', '400 or 4xx')}
        ${field('path', 'Path', '/contacts/:cell')} ${field('org', 'Org', 'org_seller')}
        <label class="check"><input type="checkbox" name="failed" checked=${filter.failed}
          onChange=${(e: Event) => setFilter({ ...filter, failed: (e.target as HTMLInputElement).checked })} /> Failures only</label>
      </form>
      <div class="tools">
        <button onClick=${() =>
          act(
            control('requests', { method: 'DELETE' }).then(() => {
              setOpen(undefined);
              setGeneration((n) => n + 1);
            }),
            'Journal cleared',
          )}>Clear journal</button>
        <button onClick=${() => act(download(`requests.har${query ? `?${query}` : ''}`, 'requests.har'), 'HAR downloaded')}>Download HAR</button>
        <span role="status">${message}</span>
      </div>
      ${statusBad && html`<p class="error">Status: a code (404) or a class (4xx, 5xx).</p>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${dropped > 0 && html`<p class="note">The journal keeps the newest entries only: ${dropped} older ones were dropped (--journal-limit).</p>`}
      ${
        kept !== undefined &&
        html`<p class="note" role="status">Showing the newest ${newest.length.toLocaleString('en')} of ${kept.toLocaleString('en')} requests${query ? ' that match' : ''}.
          ${firstPage < MOST_PAGE && html` <button onClick=${() => setFirstPage(MOST_PAGE)}>Show ${kept > MOST_PAGE ? `the newest ${MOST_PAGE.toLocaleString('en')}` : `all ${kept.toLocaleString('en')}`}</button>`}</p>`
      }
      <div class=${`split${open ? ' has-detail' : ''}`}>
        <ul class="list" ref=${list} aria-label="Request journal, newest first (arrow keys move, Enter opens)" onKeyDown=${onListKey}>
          ${newest.length === 0 && !error && html`<li class="empty">${query ? 'No requests match these filters.' : 'No requests yet.'}</li>`}
          ${newest.map(
            (entry, index) => html`<li key=${entry.id}>
              <button class=${`row ${open === entry.id ? 'selected' : ''}`} tabIndex=${index === Math.min(focused, newest.length - 1) ? 0 : -1}
                aria-current=${open === entry.id ? 'true' : undefined}
                onFocus=${() => setFocused(index)}
                onClick=${() => {
                  setFocused(index);
                  setOpen(entry.id);
                }}>
                <span class="time">${when(entry.at)}</span>
                <span class="method">${entry.method}</span>
                <span class="path">${entry.path}</span>
                <span class=${`status s${String(entry.status)[0]}`}>${entry.status === 0 ? '0 dropped' : entry.status}</span>
                <span class="org">${entry.org_id ?? ''}</span>
                <span class="err">${entry.status === 0 ? 'connection dropped by a fault' : shortError(entry.error)}</span>
              </button>
            </li>`,
          )}
        </ul>
        ${open && html`<${RequestDetail} id=${open} onClose=${close} />`}
      </div>
    </section>`;
}

// The most characters of one value a table shows.
const MOST_CELL_CHARS = 500;

function Table<R>({
  rows,
  columns,
  empty,
}: {
  rows: R[];
  columns: [string, (row: R) => unknown][];
  empty: string;
}) {
  // Long text may break anywhere, so that it cannot push the other columns off the page (short
  // values keep their columns' natural widths), and is cut at 500 characters: a 200,000-character
  // name, wrapped, was a row 94,000 px tall and held a phone-sized page for over 100 s.
  const cell = (value: unknown) => {
    if (value === undefined || value === null) return '';
    if (typeof value === 'object') return value;
    const text = String(value);
    if (text.length <= 40) return text;
    if (text.length <= MOST_CELL_CHARS) return html`<span class="wrap">${text}</span>`;
    return html`<span class="wrap">${text.slice(0, MOST_CELL_CHARS)}<span class="meta"> ${moreCharacters(text, MOST_CELL_CHARS)}</span></span>`;
  };
  return html`
    <div class="table-wrap">
      <table>
        <thead><tr>${columns.map(([title]) => html`<th scope="col">${title}</th>`)}</tr></thead>
        <tbody>
          ${rows.length === 0 && html`<tr><td colspan=${columns.length} class="empty">${empty}</td></tr>`}
          ${rows.map((row) => html`<tr>${columns.map(([, read]) => html`<td>${cell(read(row))}</td>`)}</tr>`)}
        </tbody>
      </table>
    </div>`;
}

// The outbox and the webhook deliveries are polled for their newest rows only: polled whole, a
// world of 500,000 deliveries was 206 MB every 1.5 s, and as many rows for the page to draw.
const MOST_LISTED = 500;

// One more than is shown is asked for, so that the note says so only when there are more.
const LISTED_QUERY = `limit=${MOST_LISTED + 1}`;

function newestOnly(count: number, path: string) {
  return (
    count > MOST_LISTED &&
    html`<p class="note">The newest ${MOST_LISTED} are shown; <code>GET /__mock/${path}</code> lists them all.</p>`
  );
}

function Outbox() {
  const [messages] = usePoll<OutboxMessage[]>(`outbox?${LISTED_QUERY}`, []);
  return html`<section aria-label="Outbox">${newestOnly(messages.length, 'outbox')}<${Table} rows=${messages.slice(-MOST_LISTED).reverse()} empty="Nothing sent yet." columns=${[
    ['Sent', (m: OutboxMessage) => when(m.createdAt)],
    ['Channel', (m: OutboxMessage) => m.channel],
    ['To', (m: OutboxMessage) => m.to],
    ['Content', (m: OutboxMessage) => m.content],
    ['Parts', (m: OutboxMessage) => m.parts],
    ['Cost', (m: OutboxMessage) => m.cost],
    ['Trigger', (m: OutboxMessage) => m.trigger],
    ['Status', (m: OutboxMessage) => m.status],
  ]} /></section>`;
}

function WebhookDetail({
  id,
  onChanged,
  onClose,
}: {
  id: string;
  onChanged: () => void;
  onClose: () => void;
}) {
  const [delivery, setDelivery] = useState<WebhookDeliveryDetail | undefined>();
  const [message, setMessage] = useMessage();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const redeliverButton = useRef<HTMLButtonElement>(null);
  useEscape(onClose);
  const load = useCallback(
    () =>
      control<WebhookDeliveryDetail>(`webhooks/${encodeURIComponent(id)}`).then(setDelivery, (e: Error) =>
        setMessage(e.message),
      ),
    [id],
  );
  useEffect(() => {
    load();
  }, [load]);
  // Opened from a row far down the table: brought into view, as a request's detail is.
  const shown = delivery?.delivery_id;
  useEffect(() => {
    if (!shown) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  if (!delivery)
    return html`<article class="detail" aria-label="Webhook delivery"><p>Loading ${id}…</p></article>`;
  const redeliver = () => {
    setBusy(true);
    post<WebhookDelivery>(`webhooks/${encodeURIComponent(id)}/redeliver`)
      .then(
        (a) =>
          setMessage(
            `Attempt ${a.attempt}: ${a.outcome}${a.status ? ` (${a.status})` : ''}${a.error ? `: ${a.error}` : ''}`,
          ),
        (e: Error) => setMessage(e.message),
      )
      .finally(() => {
        setBusy(false);
        load();
        onChanged();
        // Disabled while it ran, the button had lost focus to the page.
        setTimeout(() => redeliverButton.current?.focus(), 0);
      });
  };
  return html`
    <article class="detail" aria-label="Webhook delivery">
      <div class="detail-head">
        <h2 tabIndex="-1" ref=${heading}>${delivery.method} ${clipped(delivery.url, MOST_HEADING_CHARS)}</h2>
        <button onClick=${onClose} aria-label="Close the detail (Escape)">Close</button>
      </div>
      ${delivery.url.length > MOST_HEADING_CHARS && html`<h3>URL</h3><pre class="url">${delivery.url}</pre>`}
      <p class="meta">${delivery.delivery_id} · hook ${delivery.hook_id} · ${delivery.org_id} · ${delivery.attempts.length} attempt(s)</p>
      <p>Latest: <strong>${delivery.outcome}</strong>${delivery.status ? ` (${delivery.status})` : ''}</p>
      ${delivery.error && html`<h3>Cause</h3><pre class="error-text">${delivery.error}</pre>`}
      <button ref=${redeliverButton} onClick=${redeliver} disabled=${busy}>Redeliver</button> <span role="status">${message}</span>
      <h3>Headers sent</h3>
      <pre>${Object.entries(delivery.headers ?? {})
        .map(([n, v]) => `${n}: ${v}`)
        .join('\n')}</pre>
      <h3>Body sent</h3>
      <pre>${delivery.body ?? '(none)'}</pre>
    </article>`;
}

function Webhooks() {
  const [deliveries, reload] = usePoll<WebhookDelivery[]>(`webhooks?${LISTED_QUERY}`, []);
  const [open, setOpen] = useState<string | undefined>();
  const close = useCallback(() => setOpen(undefined), []);
  return html`<section aria-label="Webhooks" class="webhooks">${newestOnly(deliveries.length, 'webhooks')}<div class=${`split${open ? ' has-detail' : ''}`}>
    <${Table} rows=${deliveries.slice(-MOST_LISTED).reverse()} empty="No webhook deliveries yet." columns=${[
      ['At', (d: WebhookDelivery) => when(d.at)],
      [
        'Delivery',
        (d: WebhookDelivery) =>
          html`<button class="link" onClick=${() => setOpen(d.delivery_id)}>${d.delivery_id} #${d.attempt}</button>`,
      ],
      // Cut shorter than other cells, in every attempt's row (the detail shows it whole): at 200
      // characters, a phone's rows were 1,400 px tall.
      ['URL', (d: WebhookDelivery) => clipped(`${d.method} ${d.url}`, MOST_TABLE_URL_CHARS)],
      [
        'Outcome',
        (d: WebhookDelivery) => (d.status === undefined ? d.outcome : `${d.outcome} (${d.status})`),
      ],
    ]} />
    ${open && html`<${WebhookDetail} id=${open} onChanged=${reload} onClose=${close} />`}
  </div></section>`;
}

function Contacts() {
  const [search, setSearch] = useState({ cell: '', tag: '' });
  const [found, setFound] = useState<ContactOfOrg[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const look = (e: Event) => {
    e.preventDefault();
    const q = new URLSearchParams(
      Object.entries(search).filter(([, v]) => v.trim() !== '') as [string, string][],
    );
    q.set('limit', '50');
    control<ContactOfOrg[]>(`contacts?${q}`).then(
      (d) => {
        setFound(d);
        setError(undefined);
      },
      (err: Error) => setError(err.message),
    );
  };
  const input = (name: 'cell' | 'tag', label: string, placeholder: string) => html`
    <label>${label}
      <input name=${name} value=${search[name]} placeholder=${placeholder}
        onInput=${(e: Event) => setSearch({ ...search, [name]: (e.target as HTMLInputElement).value })} />
    </label>`;
  return html`
    <section aria-label="Contacts">
      <form class="filters" onSubmit=${look}>
        ${input('cell', 'Cell', '27821000000')} ${input('tag', 'Tag', 'tag_vip')}
        <button type="submit">Look up</button>
      </form>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${found && found.length >= 50 && html`<p class="note" role="status">Showing the first 50 matches only; narrow the lookup with a cell or tag.</p>`}
      ${
        found &&
        html`<${Table} rows=${found} empty="No contact matches." columns=${[
          ['Org', (c: ContactOfOrg) => c.org_id],
          ['Cell', (c: ContactOfOrg) => c.cell],
          ['Name', (c: ContactOfOrg) => [c.firstname, c.lastname].filter(Boolean).join(' ')],
          ['Tags', (c: ContactOfOrg) => (c.tag_ids ?? []).join(', ')],
          [
            'Opted out of',
            (c: ContactOfOrg) =>
              [c.global_opt_out ? 'everything' : '', ...(c.deduped_campaign_ids ?? [])]
                .filter(Boolean)
                .join(', '),
          ],
          ['Updated', (c: ContactOfOrg) => c.updatedAt],
        ]} />`
      }
    </section>`;
}

function Faults() {
  const [faults, reload] = usePoll<Fault[]>('faults', []);
  const [message, setMessage] = useMessage();
  // The field the form last refused: marked invalid until it is changed.
  const [invalid, setInvalid] = useState<string | undefined>();
  const [form, setForm] = useState({
    method: '',
    path: '',
    status: '503',
    times: '1',
    delay_ms: '',
    retry_after: '',
    drop: false,
  });
  const arm = (e: Event) => {
    e.preventDefault();
    // Said here in the form's words: sent, "abc" went as null ("expected number, received null").
    const notWhole = (
      [
        ['status', 'Status'],
        ['times', 'Times'],
        ['delay_ms', 'Delay (ms)'],
      ] as const
    ).find(([name]) => form[name].trim() !== '' && !/^\d+$/.test(form[name].trim()));
    if (notWhole && !(notWhole[0] === 'status' && form.drop)) {
      setMessage(`${notWhole[1]}: a whole number, not “${form[notWhole[0]].trim()}”`);
      setInvalid(notWhole[0]);
      document
        .querySelector<HTMLInputElement>(`form[aria-label="Arm a fault"] input[name=${notWhole[0]}]`)
        ?.focus();
      return;
    }
    setInvalid(undefined);
    const fault: FaultInput = { times: Number(form.times || 1) };
    if (form.method) fault.method = form.method;
    if (form.path.trim()) fault.path = form.path.trim();
    if (form.drop) fault.drop = true;
    else if (form.status.trim()) fault.status = Number(form.status);
    if (form.delay_ms.trim()) fault.delay_ms = Number(form.delay_ms);
    if (form.retry_after.trim()) fault.headers = { 'retry-after': form.retry_after.trim() };
    post<Fault>('faults', fault).then(
      (d) => {
        setMessage(`Armed ${d.fault_id}`);
        reload();
      },
      (err: Error) => setMessage(err.message),
    );
  };
  const disarm = (id?: string) =>
    control(id ? `faults/${encodeURIComponent(id)}` : 'faults', { method: 'DELETE' }).then(
      () => {
        setMessage(id ? `Disarmed ${id}` : 'Disarmed all');
        reload();
      },
      (err: Error) => setMessage(err.message),
    );
  const text = (
    name: 'path' | 'status' | 'times' | 'delay_ms' | 'retry_after',
    label: string,
    placeholder: string,
  ) => html`
    <label>${label}<input name=${name} value=${form[name]} placeholder=${placeholder}
      aria-invalid=${invalid === name ? 'true' : undefined}
      onInput=${(e: Event) => {
        if (invalid === name) setInvalid(undefined);
        setForm({ ...form, [name]: (e.target as HTMLInputElement).value });
      }} /></label>`;
  return html`
    <section aria-label="Faults">
      <form class="filters" onSubmit=${arm} aria-label="Arm a fault">
        <label>Method<select name="method" value=${form.method} onChange=${(e: Event) => setForm({ ...form, method: (e.target as HTMLSelectElement).value })}>
          ${['', 'GET', 'POST', 'PUT', 'DELETE'].map((m) => html`<option value=${m}>${m || 'any'}</option>`)}
        </select></label>
        ${text('path', 'Path', '/send/sms')} ${text('status', 'Status', '503')} ${text('times', 'Times', '1')}
        ${text('delay_ms', 'Delay (ms)', '0')} ${text('retry_after', 'Retry-After', '2')}
        <label class="check"><input type="checkbox" name="drop" checked=${form.drop}
          onChange=${(e: Event) => setForm({ ...form, drop: (e.target as HTMLInputElement).checked })} /> Drop the connection</label>
        <button type="submit">Arm fault</button>
      </form>
      <p role="status">${message}</p>
      <${Table} rows=${faults} empty="No faults armed." columns=${[
        ['ID', (f: Fault) => f.fault_id],
        ['Match', (f: Fault) => `${f.method ?? 'any'} ${f.path ?? '*'}${f.org_id ? ` (${f.org_id})` : ''}`],
        ['When', (f: Fault) => f.when],
        [
          'Does',
          (f: Fault) =>
            [f.status, f.drop ? 'drop' : '', f.delay_ms ? `${f.delay_ms} ms` : ''].filter(Boolean).join(', '),
        ],
        ['Fired', (f: Fault) => `${f.fired} of ${f.times}`],
        [
          'Disarm',
          (f: Fault) =>
            html`<button onClick=${() => disarm(f.fault_id)} aria-label=${`Disarm ${f.fault_id}`}>Disarm</button>`,
        ],
      ]} />
      <button onClick=${() => disarm()}>Disarm all</button>
    </section>`;
}

function State() {
  const [message, setMessage] = useMessage();
  const upload = (e: Event) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    file
      .text()
      .then((text) => post('reset', JSON.parse(text)))
      .then(
        () => setMessage(`Loaded ${file.name}: the world is now exactly that state`),
        (err: Error) => setMessage(`Not loaded: ${err.message}`),
      );
    (e.target as HTMLInputElement).value = '';
  };
  return html`
    <section aria-label="State">
      <p>The whole state (records, outbox, deliveries) as a seed document: save it, and load it again here or with <code>--seed</code>.</p>
      <div class="tools">
        <button onClick=${() =>
          download('state', 'mock-state.json').then(
            () => setMessage('State downloaded'),
            (err: Error) => setMessage(err.message),
          )}>Download state</button>
        <label class="file">Load a state file (replaces the world)<input type="file" accept="application/json,.json" onChange=${upload} /></label>
      </div>
      <p role="status">${message}</p>
    </section>`;
}

const MODE_LABELS: Record<string, string> = {
  real: 'real time',
  offset: 'shifted, running',
  frozen: 'frozen',
};

function Clock() {
  const [clock, setClock] = useState<ClockReading>({ now: '', mode: 'real' });
  const [setTo, setSetTo] = useState('');
  const [message, setMessage] = useMessage();
  const move = (body: ClockChange) =>
    post<ClockReading>('clock', body).then(
      (d) => {
        setClock(d);
        setMessage('');
      },
      (e: Error) => setMessage(e.message),
    );
  // A clock that cannot be read (a world deleted, or never made) shows no time and no mode, not the
  // last ones it had.
  const read = () =>
    control<ClockReading>('clock').then(setClock, (e: Error) => {
      setClock({ now: '', mode: 'real' });
      setMessage(e.message);
    });
  useEffect(() => {
    read();
    const timer = setInterval(read, 5000);
    return () => clearInterval(timer);
  }, []);
  return html`
    <div class="clock" aria-label="Clock">
      <span>Mock clock: <time id="clock-now">${clock.now}</time>
        ${clock.now && html`<span id="clock-mode" class=${`mode mode-${clock.mode}`}>${MODE_LABELS[clock.mode] ?? clock.mode}</span>`}</span>
      ${['1h', '1d', '7d'].map((step) => html`<button onClick=${() => move({ advance: step })}>+${step}</button>`)}
      <button onClick=${() => move({ freeze: clock.mode !== 'frozen' })}>${clock.mode === 'frozen' ? 'Unfreeze' : 'Freeze'}</button>
      <button disabled=${clock.mode === 'real'} onClick=${() => move({ real: true })}>Real time</button>
      <form class="clock-set" onSubmit=${(event: Event) => {
        event.preventDefault();
        if (setTo.trim()) move({ set: setTo.trim() });
      }}>
        <label>Set to <input id="clock-set" size="22" placeholder="2026-01-01T09:00:00Z" value=${setTo}
          onInput=${(event: Event) => setSetTo((event.target as HTMLInputElement).value)} /></label>
        <button type="submit">Set</button>
      </form>
      <button onClick=${() =>
        window.confirm(
          'Reset to the start world? Journals are emptied, the clock goes back to its start and faults are disarmed.',
        ) &&
        post('reset').then(() => {
          setMessage('Reset to the start world');
          read();
        })}>Reset world</button>
      <span role="status">${message}</span>
    </div>`;
}

/** Shown once the token prompt was cancelled: the page shows nothing until the token is given. */
function TokenBanner() {
  const [declined, setDeclined] = useState(tokenDeclined);
  useEffect(() => {
    const changed = (e: Event) => setDeclined((e as CustomEvent<boolean>).detail);
    window.addEventListener(TOKEN_EVENT, changed);
    return () => window.removeEventListener(TOKEN_EVENT, changed);
  }, []);
  if (!declined) return null;
  return html`<p class="token" role="alert">This mock was started with <code>--control-token</code>: the page shows nothing until it has it.
    <button onClick=${askAgain}>Enter the token</button></p>`;
}

const tabs = { Requests, Outbox, Webhooks, Contacts, Faults, State } as const;
type TabName = keyof typeof tabs;
const names = Object.keys(tabs) as TabName[];

function App() {
  const [tab, setTab] = useState<TabName>('Requests');
  // Kept here, so switching tabs and back keeps the open request.
  const [open, setOpen] = useState<string | undefined>();
  const [world, setWorld] = useState(chosenWorld());
  const tabKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = names[(names.indexOf(tab) + step + names.length) % names.length]!;
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  const Tab = tabs[tab] as (props: Record<string, unknown>) => unknown;
  return html`
    <header>
      <h1>Marketing mock</h1>
      <${WorldPicker} onPick=${setWorld} />
      <${Clock} key=${world} />
    </header>
    <${TokenBanner} />
    <nav aria-label="Views">
      <div role="tablist" aria-label="Views" onKeyDown=${tabKey}>
        ${names.map(
          (name) =>
            html`<button role="tab" id=${`tab-${name}`} aria-controls=${`panel-${name}`} aria-selected=${tab === name ? 'true' : 'false'}
              tabIndex=${tab === name ? 0 : -1} onClick=${() => setTab(name)}>${name}</button>`,
        )}
      </div>
    </nav>
    <main key=${world}>
      ${names.map(
        (name) =>
          html`<div role="tabpanel" id=${`panel-${name}`} aria-labelledby=${`tab-${name}`} hidden=${tab !== name}>
            ${tab === name && html`<${Tab} open=${open} setOpen=${setOpen} />`}
          </div>`,
      )}
    </main>`;
}

render(html`<${App} />`, document.getElementById('app')!);
