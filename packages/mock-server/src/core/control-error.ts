/** A control-plane instruction the mock cannot follow; `status` is the HTTP status it answers with. */
export class ControlError extends Error {
  override name = 'ControlError' as const;
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
