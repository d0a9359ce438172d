/** A control-plane instruction the mock cannot follow; `status` is the HTTP status it answers with. */
export class ControlError extends Error {
  override name = 'ControlError' as const;
  readonly status: number;
  /** Headers for the answer (a 503's `retry-after`). */
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
