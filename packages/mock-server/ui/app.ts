// The dashboard of the standalone mock: the request journal, the outbox, webhook deliveries,
// contacts, the clock and the armed faults, polled from the control plane under /__mock/.
import htm from 'htm';
import { h, render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';

const html = htm.bind(h);
const base = location.origin;
// biome-ignore lint/suspicious/noExplicitAny: the page reads JSON from the control plane as it comes
type Json = Record<string, any>;

// biome-ignore lint/suspicious/noExplicitAny: each caller knows the shape of its route's data
async function control(path: string, init?: RequestInit): Promise<any> {
  const response = await fetch(`${base}/__mock/${path}`, init);
  const body = await response.json();
  if (!body.ok) throw new Error(typeof body.error === 'string' ? body.error : JSON.stringify(body.error));
  return body.data;
}

const post = (path: string, body?: unknown) =>
  control(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Polls a control route every second and a half while the page is open. */
function usePoll<T>(path: string, initial: T): [T, () => void, string | undefined] {
  const [data, setData] = useState<T>(initial);
  const [error, setError] = useState<string | undefined>();
  const load = useCallback(() => {
    control(path).then(
      (d) => {
        setData(d);
        setError(undefined);
      },
      (e: Error) => setError(e.message),
    );
  }, [path]);
  useEffect(() => {
    load();
    const timer = setInterval(load, 1500);
    return () => clearInterval(timer);
  }, [load]);
  return [data, load, error];
}

const pretty = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));
const shortError = (error: unknown) =>
  error === undefined ? '' : typeof error === 'string' ? error : JSON.stringify(error).slice(0, 120);

/** A curl command that repeats a journaled request; the key is left to `$API_KEY`. */
export function curlOf(entry: Json): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(entry.query ?? {}))
    for (const v of Array.isArray(value) ? value : [value])
      query.append(name, name === 'key' ? '$API_KEY' : String(v));
  const search = query.toString().replace('%24API_KEY', '$API_KEY');
  const url = `${base}${entry.path}${search ? `?${search}` : ''}`;
  const parts = [`curl -s -X ${entry.method} "${url}"`];
  if (entry.headers?.authorization) parts.push(`-H "Authorization: Bearer $API_KEY"`);
  if (entry.body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`);
    const text = typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body);
    parts.push(`-d '${text.replaceAll("'", "'\\''")}'`);
  }
  return parts.join(' \\\n  ');
}

function Requests() {
  const [filter, setFilter] = useState({ status: '', path: '', org: '' });
  const query = new URLSearchParams(
    Object.entries(filter).filter(([, v]) => v.trim() !== '') as [string, string][],
  ).toString();
  const [entries, , error] = usePoll<Json[]>(`requests${query ? `?${query}` : ''}`, []);
  const [open, setOpen] = useState<Json | undefined>();
  const [copied, setCopied] = useState(false);
  const field = (name: keyof typeof filter, label: string, placeholder: string) => html`
    <label>${label}
      <input name=${name} value=${filter[name]} placeholder=${placeholder}
        onInput=${(e: Event) => setFilter({ ...filter, [name]: (e.target as HTMLInputElement).value })} />
    </label>`;
  const newest = [...entries].reverse();
  return html`
    <section aria-label="Requests">
      <form class="filters" onSubmit=${(e: Event) => e.preventDefault()}>
        ${field('status', 'Status', '400')} ${field('path', 'Path', '/contacts/:cell')} ${field('org', 'Org', 'org_seller')}
      </form>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <div class="split">
        <ul class="list" aria-label="Request journal, newest first">
          ${newest.length === 0 && html`<li class="empty">No requests yet.</li>`}
          ${newest.map(
            (entry) => html`<li key=${entry.id}>
              <button class=${`row ${open?.id === entry.id ? 'selected' : ''}`} onClick=${() => {
                setOpen(entry);
                setCopied(false);
              }}>
                <span class="time">${entry.at.slice(11, 19)}</span>
                <span class="method">${entry.method}</span>
                <span class="path">${entry.path}</span>
                <span class=${`status s${String(entry.status)[0]}`}>${entry.status}</span>
                <span class="org">${entry.org_id ?? ''}</span>
                <span class="err">${shortError(entry.error)}</span>
              </button>
            </li>`,
          )}
        </ul>
        ${
          open &&
          html`
          <article class="detail" aria-label="Request detail">
            <h2>${open.method} ${open.path} → ${open.status}</h2>
            <p class="meta">${open.id} · ${open.at} · ${open.duration_ms} ms${open.org_id ? ` · ${open.org_id}` : ''}${open.fault_id ? ` · fault ${open.fault_id}` : ''}</p>
            ${open.error !== undefined && html`<h3>Error</h3><pre class="error-text">${pretty(open.error)}</pre>`}
            ${open.response?.hint && html`<p class="hint">${open.response.hint}</p>`}
            <h3>Request</h3>
            <pre>${pretty({ query: open.query, headers: open.headers, body: open.body })}</pre>
            <h3>Answer</h3>
            <pre>${pretty(open.response)}</pre>
            <h3>Repeat it</h3>
            <pre class="curl">${curlOf(open)}</pre>
            <button onClick=${() => navigator.clipboard?.writeText(curlOf(open)).then(() => setCopied(true))}>
              ${copied ? 'Copied' : 'Copy curl'}
            </button>
          </article>`
        }
      </div>
    </section>`;
}

function Table({
  rows,
  columns,
  empty,
}: {
  rows: Json[];
  columns: [string, (row: Json) => unknown][];
  empty: string;
}) {
  return html`
    <div class="table-wrap">
      <table>
        <thead><tr>${columns.map(([title]) => html`<th scope="col">${title}</th>`)}</tr></thead>
        <tbody>
          ${rows.length === 0 && html`<tr><td colspan=${columns.length} class="empty">${empty}</td></tr>`}
          ${rows.map((row) => html`<tr>${columns.map(([, cell]) => html`<td>${String(cell(row) ?? '')}</td>`)}</tr>`)}
        </tbody>
      </table>
    </div>`;
}

function Outbox() {
  const [messages] = usePoll<Json[]>('outbox', []);
  return html`<${Table} rows=${[...messages].reverse()} empty="Nothing sent yet." columns=${[
    ['Sent', (m: Json) => m.createdAt],
    ['Channel', (m: Json) => m.channel],
    ['To', (m: Json) => m.to],
    ['Content', (m: Json) => m.content],
    ['Parts', (m: Json) => m.parts],
    ['Cost', (m: Json) => m.cost],
    ['Trigger', (m: Json) => m.trigger],
    ['Status', (m: Json) => m.status],
  ]} />`;
}

function Webhooks() {
  const [deliveries] = usePoll<Json[]>('webhooks', []);
  return html`<${Table} rows=${[...deliveries].reverse()} empty="No webhook deliveries yet." columns=${[
    ['At', (d: Json) => d.at],
    ['Delivery', (d: Json) => d.delivery_id],
    ['Attempt', (d: Json) => d.attempt],
    ['Hook', (d: Json) => d.hook_id],
    ['URL', (d: Json) => `${d.method} ${d.url}`],
    ['Outcome', (d: Json) => d.outcome],
    ['Status', (d: Json) => d.status ?? d.error],
  ]} />`;
}

function Contacts() {
  const [search, setSearch] = useState({ cell: '', tag: '' });
  const [found, setFound] = useState<Json[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const look = (e: Event) => {
    e.preventDefault();
    const q = new URLSearchParams(
      Object.entries(search).filter(([, v]) => v.trim() !== '') as [string, string][],
    );
    control(`contacts?${q}`).then(setFound, (err: Error) => setError(err.message));
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
      ${
        found &&
        html`<${Table} rows=${found} empty="No contact matches." columns=${[
          ['Org', (c: Json) => c.org_id],
          ['Cell', (c: Json) => c.cell],
          ['Name', (c: Json) => [c.firstname, c.lastname].filter(Boolean).join(' ')],
          ['Tags', (c: Json) => (c.tag_ids ?? []).join(', ')],
          [
            'Opted out of',
            (c: Json) =>
              [c.global_opt_out ? 'everything' : '', ...(c.deduped_campaign_ids ?? [])]
                .filter(Boolean)
                .join(', '),
          ],
          ['Updated', (c: Json) => c.updatedAt],
        ]} />`
      }
    </section>`;
}

function Faults() {
  const [faults, reload] = usePoll<Json[]>('faults', []);
  return html`
    <section aria-label="Faults">
      <p>Arm faults with <code>POST /__mock/faults</code> (see the testing-failures guide).</p>
      <${Table} rows=${faults} empty="No faults armed." columns=${[
        ['ID', (f: Json) => f.fault_id],
        ['Match', (f: Json) => `${f.method ?? 'any'} ${f.path ?? '*'}${f.org_id ? ` (${f.org_id})` : ''}`],
        ['When', (f: Json) => f.when],
        [
          'Does',
          (f: Json) =>
            [f.status, f.drop ? 'drop' : '', f.delay_ms ? `${f.delay_ms} ms` : ''].filter(Boolean).join(', '),
        ],
        ['Fired', (f: Json) => `${f.fired} of ${f.times}`],
      ]} />
      <button onClick=${() => control('faults', { method: 'DELETE' }).then(reload)}>Disarm all</button>
    </section>`;
}

const MODE_LABELS: Record<string, string> = {
  real: 'real time',
  offset: 'shifted, running',
  frozen: 'frozen',
};

function Clock() {
  const [clock, setClock] = useState<Json>({ now: '', mode: '' });
  const [setTo, setSetTo] = useState('');
  const [message, setMessage] = useState('');
  const move = (body: Json) =>
    post('clock', body).then(
      (d) => {
        setClock(d);
        setMessage('');
      },
      (e: Error) => setMessage(e.message),
    );
  const read = () => control('clock').then(setClock, (e: Error) => setMessage(e.message));
  useEffect(() => {
    read();
    const timer = setInterval(read, 5000);
    return () => clearInterval(timer);
  }, []);
  return html`
    <div class="clock" aria-label="Clock">
      <span>Mock clock: <time id="clock-now">${clock.now}</time>
        <span id="clock-mode" class=${`mode mode-${clock.mode}`}>${MODE_LABELS[clock.mode] ?? clock.mode}</span></span>
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

const tabs = { Requests, Outbox, Webhooks, Contacts, Faults } as const;

function App() {
  const [tab, setTab] = useState<keyof typeof tabs>('Requests');
  const Tab = tabs[tab];
  return html`
    <header>
      <h1>Marketing mock</h1>
      <${Clock} />
    </header>
    <nav role="tablist" aria-label="Views">
      ${Object.keys(tabs).map(
        (name) =>
          html`<button role="tab" aria-selected=${tab === name} onClick=${() => setTab(name as keyof typeof tabs)}>${name}</button>`,
      )}
    </nav>
    <main><${Tab} /></main>`;
}

render(html`<${App} />`, document.getElementById('app')!);
