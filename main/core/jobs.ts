import { randomUUID } from 'node:crypto';
import type { EventPayload } from '../../shared/contract.js';
import { AppError, escapeControlCharacters, storageFailure } from './errors.js';
import type { EventBus } from './event-bus.js';

export type JobInfo = EventPayload<'job.progress'>;

/** A long piece of work: reports progress, honours the signal, resolves with a closing message. */
export type JobWork = (signal: AbortSignal, report: (done: number, total: number, message: string) => void) => Promise<string>;

export interface JobRunner {
  /** Starts work in the background; one job of a kind at a time. `profile`: the one profile whose data it works on. */
  start(kind: string, work: JobWork, options?: { profile?: string }): JobInfo;
  cancel(job: string): JobInfo;
  list(): JobInfo[];
  /** Resolves when the job ends (for the CLI and tests). */
  wait(job: string): Promise<JobInfo>;
  /** Cancels every running job and resolves when all have ended (before the database closes). */
  stopAll(): Promise<void>;
}

/** Runs background jobs and publishes their progress as contract events. */
export function createJobRunner(events: EventBus, log: (message: string) => void = (message) => console.error(message)): JobRunner {
  const jobs = new Map<string, { info: JobInfo; controller: AbortController; finished: Promise<JobInfo> }>();

  function publish(info: JobInfo): void {
    events.emit('job.progress', { ...info });
  }

  return {
    start(kind, work, options = {}) {
      for (const { info } of jobs.values()) {
        if (info.kind === kind && info.state === 'running') throw new AppError('conflict', `A ${kind} job is already running (${info.job}).`);
      }
      const controller = new AbortController();
      const info: JobInfo = { job: randomUUID(), kind, ...(options.profile !== undefined ? { profile: options.profile } : {}), state: 'running', done: 0, total: 0, message: 'starting' };
      const finished = (async () => {
        try {
          const message = await work(controller.signal, (done, total, message) => {
            Object.assign(info, { done, total, message });
            publish(info);
          });
          Object.assign(info, { state: controller.signal.aborted ? 'cancelled' : 'done', message });
        } catch (error) {
          const known = error instanceof AppError ? error : storageFailure(error);
          if (!known) log(`cita: job ${kind} failed: ${(error as Error)?.stack ?? String(error)}`);
          Object.assign(info, { state: 'failed', message: known ? escapeControlCharacters(known.message) : 'the job failed; see the log' });
        }
        publish(info);
        return info;
      })();
      jobs.set(info.job, { info, controller, finished });
      publish(info);
      return { ...info };
    },
    cancel(job) {
      const entry = jobs.get(job);
      if (!entry) throw new AppError('not_found', `There is no job ${job}.`);
      entry.controller.abort();
      return { ...entry.info };
    },
    list: () => [...jobs.values()].map(({ info }) => ({ ...info })),
    async wait(job) {
      const entry = jobs.get(job);
      if (!entry) throw new AppError('not_found', `There is no job ${job}.`);
      return entry.finished;
    },
    async stopAll() {
      const running = [...jobs.values()].filter(({ info }) => info.state === 'running');
      for (const { controller } of running) controller.abort();
      await Promise.all(running.map(({ finished }) => finished));
    },
  };
}

/** Whether a caller bound to `profile` (undefined: bound to none) may see a job: only its own profile's jobs. */
export function jobVisibleTo(job: Pick<JobInfo, 'profile'>, profile: string | undefined): boolean {
  return profile === undefined || job.profile === profile;
}
