import { randomUUID } from 'node:crypto';
import {
  FlowStoppedError,
  PartnerApiError,
  type FlowProgress,
  type FlowStopReason,
  type PartnerAction,
} from '@yv/sdk';

/**
 * Background runs of the SDK flows, one job per request, kept in memory. A real backend keeps them in its
 * database with the action ids the progress names: after a restart it polls those actions again (GET /actions/:id)
 * rather than signing anything twice.
 */
export type JobKind = 'deposit' | 'withdrawal' | 'claim' | 'cancel';
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** An action as a job shows it: enough to follow it; GET /actions/:id answers the whole record. */
export interface ActionSummary {
  id: string;
  action: PartnerAction['action'];
  status: PartnerAction['status'];
  txHash: string | null;
  redeemId: string | null;
}

/** A progress event as received from onProgress, its actions summarized; amounts stay bigint until JSON. */
export type JobProgress = { at: string; stage: FlowProgress['stage'] } & Record<string, unknown>;

export interface JobError {
  name: string;
  message: string;
  /** The FlowStoppedError's reason: which integration rule stopped the flow. Null for other errors. */
  reason: FlowStopReason | null;
  actionId?: string | null;
  txHash?: string | null;
  context?: Record<string, unknown>;
  /** A PartnerApiError's code, HTTP status and request id (quote it to the vault's operators). */
  code?: string;
  status?: number;
  requestId?: string | null;
}

export interface Job {
  id: string;
  kind: JobKind;
  status: JobStatus;
  params: Record<string, unknown>;
  createdAt: string;
  finishedAt: string | null;
  progress: JobProgress[];
  result: unknown;
  error: JobError | null;
}

export type JobRun = (onProgress: (event: FlowProgress) => void) => Promise<unknown>;

export const summarize = (action: PartnerAction): ActionSummary => ({
  id: action.id,
  action: action.action,
  status: action.status,
  txHash: action.txHash ?? null,
  redeemId: action.redeemId ?? null,
});

export class JobStore {
  private readonly jobs = new Map<string, Job>();
  /**
   * The runs go one after another: every flow signs with the same wallet, and two at once would race for its nonce
   * and decide on the same balances (a withdrawal reads the shares a running one is about to escrow).
   */
  private queue: Promise<void> = Promise.resolve();

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  list(): Job[] {
    return [...this.jobs.values()];
  }

  /** Records the job and queues its run; answers at once, the flow goes on in the background. */
  start(kind: JobKind, params: Record<string, unknown>, run: JobRun): Job {
    const job: Job = {
      id: randomUUID(),
      kind,
      status: 'queued',
      params,
      createdAt: new Date().toISOString(),
      finishedAt: null,
      progress: [],
      result: null,
      error: null,
    };
    this.jobs.set(job.id, job);
    this.queue = this.queue.then(() => this.run(job, run));
    return job;
  }

  /** Resolves once every job started so far has finished (for a clean shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async run(job: Job, run: JobRun): Promise<void> {
    job.status = 'running';
    try {
      job.result = await run((event) => job.progress.push(progressEntry(event)));
      job.status = 'succeeded';
    } catch (error) {
      job.error = jobError(error);
      job.status = 'failed';
    } finally {
      job.finishedAt = new Date().toISOString();
    }
  }
}

function progressEntry(event: FlowProgress): JobProgress {
  const entry: JobProgress = { at: new Date().toISOString(), ...event };
  // The created, refreshed, submitted and terminal events carry the whole action (steps, quote): a summary is
  // enough to follow the flow.
  if ('action' in event) entry.action = summarize(event.action);
  return entry;
}

function jobError(error: unknown): JobError {
  if (error instanceof FlowStoppedError) return error.toJSON();
  if (error instanceof PartnerApiError) {
    const { name, message, code, status, requestId } = error;
    return { name, message, reason: null, code, status, requestId };
  }
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  return { name, message, reason: null };
}
