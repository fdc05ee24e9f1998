import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for. Handlers do not pass the request id down by hand: work they start (the
 * receipt job of a submit) reads it from here, so the job's log lines carry the id of the request that caused it.
 */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export function runInRequest<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request the caller runs for, or undefined outside a request (start-up pass, cron jobs). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}
