import { notifyAnswer } from './answer-observers.js';
import type { MockClock } from './clock.js';
import { answerUnderFault, DroppedConnection, type Fault, type FaultTable } from './faults.js';
import { callerOrgId, handleServiceRequest, type Pipeline } from './handle-request.js';
import { type PendingRequest, type ReadOnce, recordAnswer } from './journal-recording.js';
import type { RequestJournal } from './request-journal.js';
import type { RequestTarget } from './request-target.js';
import { type Answer, bodyPieces, fail } from './responses.js';
import type { Settings } from './settings.js';

/** What answering a service request needs: the live pipeline (a reset replaces it) and the rest. */
export interface ServiceResponderParts {
  pipeline(): Pipeline;
  clock: MockClock;
  newId(prefix: string, seconds?: number): string;
  faults: FaultTable;
  journal: RequestJournal;
  latency: Settings['latency'];
}

/** A service request's answer: what the service says, shaped by faults and latency, journaled. */
export type ServiceResponder = (
  call: ReadOnce,
  url: RequestTarget,
  path: string,
  started: number,
) => Answer | Promise<Answer>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer for an error the mock did not expect: a 500 that says so, never a disguised 4xx. */
export function internalError(error: unknown): Answer {
  return fail(500, `Internal mock error: ${error instanceof Error ? error.message : String(error)}`);
}

/** Creates the function that answers every service request of one mock. */
export function createServiceResponder(parts: ServiceResponderParts): ServiceResponder {
  const { clock, faults, journal, latency } = parts;

  function settle(pending: PendingRequest, answer: Answer, fault: Fault | undefined): Answer {
    if (!fault)
      notifyAnswer(() => ({
        method: pending.call.method,
        path: pending.path,
        status: answer.status,
        // An answer made in pieces is read back for the observers (tests) only.
        body: answer.body ?? parsedPieces(answer),
      }));
    recordAnswer(journal, pending, answer, fault);
    if (fault?.drop) throw new DroppedConnection(fault.fault_id);
    return answer;
  }

  function serve({ call, url, path }: PendingRequest): Answer | Promise<Answer> {
    try {
      const served = handleServiceRequest(parts.pipeline(), call, url, path);
      return served instanceof Promise ? served.catch(internalError) : served;
    } catch (error) {
      return internalError(error);
    }
  }

  async function answerSlowly(pending: PendingRequest, fault: Fault | undefined): Promise<Answer> {
    if (latency) await sleep(latency.min + Math.random() * (latency.max - latency.min));
    if (!fault) return settle(pending, await serve(pending), undefined);
    const answer = await answerUnderFault(fault, async () => serve(pending));
    const { world } = parts.pipeline();
    answer.orgId ??= callerOrgId(world, pending.call, pending.url);
    return settle(pending, answer, fault);
  }

  // Answers at once when nothing waits (no fault, no latency, no body, a synchronous handler):
  // most requests, and each promise or async frame on their path costs them time.
  return (call, url, path, started) => {
    const atMs = clock.nowMs();
    const pending: PendingRequest = {
      call,
      url,
      path,
      started,
      atMs,
      requestId: parts.newId('req_', atMs / 1000),
    };
    const fault =
      faults.size === 0
        ? undefined
        : faults.take(call.method, path, () => callerOrgId(parts.pipeline().world, call, url));
    if (fault || latency) return answerSlowly(pending, fault);
    const served = serve(pending);
    return served instanceof Promise
      ? served.then((answer) => settle(pending, answer, undefined))
      : settle(pending, served, undefined);
  };
}

function parsedPieces(answer: Answer): unknown {
  const pieces = bodyPieces(answer);
  return pieces ? JSON.parse(pieces.join('')) : undefined;
}
