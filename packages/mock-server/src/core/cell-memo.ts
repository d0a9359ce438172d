import { toMsisdn } from '@marketing/domain';

/**
 * Normalises the cells requests name in their paths (`GET /contacts/:cell`), remembering recent
 * answers: clients ask for the same contacts again and again, and validating a number with
 * libphonenumber takes microseconds, the largest cost of such a request.
 */
export class CellMemo {
  readonly #answers = new Map<string, string | null>();
  readonly #limit: number;

  constructor(limit = 10_000) {
    this.#limit = limit;
  }

  /** The MSISDN of a cell in any accepted international form, or `undefined` when invalid. */
  toMsisdn(input: string): string | undefined {
    const known = this.#answers.get(input);
    if (known !== undefined) return known ?? undefined;
    const msisdn = toMsisdn(input);
    if (this.#answers.size >= this.#limit) this.#answers.clear();
    this.#answers.set(input, msisdn ?? null);
    return msisdn;
  }
}
