/** What saving a mock's state file answers: where it was saved and how long it took. */
export interface StateSaveResult {
  path: string;
  ms: number;
}

const hooks = new WeakMap<object, () => Promise<StateSaveResult>>();

/**
 * Lets `POST /__mock/state/save` save this mock's state file: the standalone server supplies its
 * save for the mock it serves with `--state`. A mock without one answers that it has no file.
 */
export function setStateSaveHook(mock: object, save: () => Promise<StateSaveResult>): void {
  hooks.set(mock, save);
}

/** The save supplied for a mock, if any. */
export function stateSaveHook(mock: object): (() => Promise<StateSaveResult>) | undefined {
  return hooks.get(mock);
}
