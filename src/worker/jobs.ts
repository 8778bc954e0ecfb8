import type { JobState } from './contract';

/**
 * Long computations (the Monte Carlo) run as jobs the client can stop. The client names each
 * job; when its caller gives up (a newer input, a page left), the client sends `abortJob` and the
 * job's loop sees the aborted signal at its next slice and returns without finishing. The state
 * of the last few jobs is kept so a test or a diagnostic can tell a job that stopped early from
 * one whose result was merely dropped.
 */

interface Job {
  controller: AbortController;
  state: JobState;
}

const KEPT = 32;
const jobs = new Map<string, Job>();
/** Aborts that arrived before their job started (messages may overtake each other on restart). */
const early = new Set<string>();

export interface JobHandle {
  readonly signal: AbortSignal;
  slice(): void;
  finish(how: 'finished' | 'stopped'): void;
}

export function beginJob(jobId: string | undefined): JobHandle {
  const controller = new AbortController();
  const state: JobState = { state: 'running', slices: 0 };
  if (jobId !== undefined) {
    jobs.set(jobId, { controller, state });
    if (early.delete(jobId)) controller.abort();
    while (jobs.size > KEPT) {
      const oldest = jobs.keys().next().value as string;
      jobs.delete(oldest);
    }
  }
  return {
    signal: controller.signal,
    slice: () => {
      state.slices += 1;
    },
    finish: (how) => {
      state.state = how;
    },
  };
}

export const jobsApi = {
  /** Stops a running job at its next slice (a no-op for a finished or unknown one). */
  abortJob(jobId: string): void {
    const job = jobs.get(jobId);
    if (job) job.controller.abort();
    else if (early.size < KEPT) early.add(jobId);
  },
  /** What became of a job: still running, finished, stopped early, or unknown (never started or long gone). */
  computeJobState(jobId: string): JobState {
    const job = jobs.get(jobId);
    return job ? { ...job.state } : { state: 'unknown', slices: 0 };
  },
};
