// The dashboard's world picker: which world the page shows, the default one (the server's root)
// or one made with POST /__mock/worlds. Chosen in the header, or with ?world=<name> in the address.
import htm from 'htm';
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';

const html = htm.bind(h);
let chosen = new URLSearchParams(location.search).get('world') ?? '';

/** The chosen world's name; `''` for the default world. */
export const chosenWorld = (): string => chosen;

/** Where the chosen world's routes live: the server's root, or its `/worlds/<name>`. */
export function worldBase(): string {
  return chosen ? `${location.origin}/worlds/${encodeURIComponent(chosen)}` : location.origin;
}

/** A select of the worlds on the server (listed every 5 seconds); picking one calls `onPick`. */
export function WorldPicker({ onPick }: { onPick: (name: string) => void }) {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    // The token a 401 answered: not sent again (every 5 s) until the page is given another.
    let refused: string | undefined;
    const load = () => {
      // The control token the page was given, if the mock asked for one (see app.ts).
      const token = sessionStorage.getItem('marketing-mock-control-token') ?? '';
      if (token === refused) return;
      fetch(`${location.origin}/__mock/worlds`, { headers: { 'x-mock-token': token } })
        .then((response) => {
          refused = response.status === 401 ? token : undefined;
          return response.json();
        })
        .then(
          (body: { ok: boolean; data?: { name: string }[] }) =>
            body.ok && setNames((body.data ?? []).map((world) => world.name)),
          () => {},
        );
    };
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  const pick = (name: string) => {
    chosen = name;
    const address = new URL(location.href);
    if (name) address.searchParams.set('world', name);
    else address.searchParams.delete('world');
    history.replaceState(null, '', address);
    onPick(name);
  };
  const shown = chosen && !names.includes(chosen) ? [...names, chosen] : names;
  return html`
    <label style="color: inherit; flex-direction: row; align-items: center; gap: 6px">World
      <select aria-label="World" value=${chosen} onChange=${(e: Event) => pick((e.target as HTMLSelectElement).value)}>
        <option value="">default</option>
        ${shown.map((name) => html`<option value=${name}>${name}</option>`)}
      </select>
    </label>`;
}
