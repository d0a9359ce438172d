// A row made a field at a time (`row[name] = value`) keeps its fields in a separate store that
// grows as they come, and V8 allocates it young and copies it at every collection while it lives:
// a million contacts made so from a state file took 400 ms, 200 of them collecting. Made by an
// object literal, a row holds its fields itself, and once V8 sees the literal's rows live on, it
// allocates them straight in the old generation (the same million: 130 ms, 30 of them collecting).
// A literal needs its field names in code, so a row maker is compiled for each set of names.

const NAME = /^[A-Za-z_$][\w$]*$/;
// Beyond this many sets of names (a hostile file can hold many), rows are made a field at a time.
const MOST_MAKERS = 64;

type MakeRow = (values: readonly unknown[]) => Record<string, unknown>;

/** The most names {@link LiteralRows} takes: a bit each in a presence mask. */
export const MOST_LITERAL_FIELDS = 31;

/**
 * Makes rows with the fields of `names` that are present: `make(present, values)` takes a bit
 * mask of the present names (bit `k` for `names[k]`) and their values in order. At most
 * {@link MOST_LITERAL_FIELDS} names.
 *
 * @example
 * ```ts
 * const rows = new LiteralRows(['cell', 'firstname']);
 * rows.make(0b01, ['27821000000']); // { cell: '27821000000' }
 * ```
 */
export class LiteralRows {
  readonly #makers = new Map<number, MakeRow>();
  #compiles: boolean;

  constructor(readonly names: readonly string[]) {
    this.#compiles =
      names.length <= MOST_LITERAL_FIELDS && names.every((name) => NAME.test(name) && name !== '__proto__');
  }

  make(present: number, values: readonly unknown[]): Record<string, unknown> {
    const maker = this.#makers.get(present) ?? this.#compile(present);
    if (maker) return maker(values);
    const row: Record<string, unknown> = {};
    for (let k = 0, v = 0; k < this.names.length; k++)
      if (present & (1 << k)) row[this.names[k]!] = values[v++];
    return row;
  }

  #compile(present: number): MakeRow | undefined {
    if (!this.#compiles || this.#makers.size >= MOST_MAKERS) return undefined;
    const fields: string[] = [];
    for (let k = 0; k < this.names.length; k++)
      if (present & (1 << k)) fields.push(`${JSON.stringify(this.names[k])}: v[${fields.length}]`);
    let maker: MakeRow;
    try {
      maker = new Function('v', `return { ${fields.join(', ')} };`) as MakeRow;
    } catch {
      // A page whose Content-Security-Policy refuses \`eval\` (the mock in a browser).
      this.#compiles = false;
      return undefined;
    }
    this.#makers.set(present, maker);
    return maker;
  }
}
