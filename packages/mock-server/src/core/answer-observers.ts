/** One answer of a service route, as the core gave it; answers an armed fault shaped are not observed. */
export interface ObservedAnswer {
  method: string;
  /** The path under the base URL: `/contacts/27821234567`. */
  path: string;
  status: number;
  body: unknown;
}

const observers = new Set<(answer: ObservedAnswer) => void>();

/**
 * Calls `observer` with every service answer of every mock in this process, until the returned
 * function is called. Internal: the conformance check of the test suite uses it to validate
 * each answer against the served OpenAPI document.
 */
export function observeAnswers(observer: (answer: ObservedAnswer) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Whether anything observes answers (so a caller can skip building one). */
export function hasAnswerObservers(): boolean {
  return observers.size > 0;
}

/** Tells the observers of an answer; costs one size check when there are none. */
export function notifyAnswer(answer: () => ObservedAnswer): void {
  if (observers.size === 0) return;
  const observed = answer();
  for (const observer of observers) observer(observed);
}
