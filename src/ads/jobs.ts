/**
 * Ad generation started from the panel: the same `generateAd` the CLI's `ads generate` runs, in
 * the background of the server that took the request, with its progress (the phase and its detail
 * as `generateAd` reports them) kept in memory so the panel can poll it. A job is the brand's own:
 * another brand's id (or a job this server process does not know, after a restart) is not found.
 * Finished jobs are forgotten after JOB_KEEP_MS; a brand runs at most MAX_RUNNING_PER_BRAND at once.
 */
import { randomUUID } from 'node:crypto';
import { AppError, type AppContext } from '../app/index.ts';
import { generateAd, type AdPhase, type GenerateAdOptions } from './service.ts';

export const JOB_KEEP_MS = 30 * 60_000;
export const MAX_RUNNING_PER_BRAND = 2;
export const AD_JOB_NOT_FOUND = 'Ad job not found';
export const TOO_MANY_AD_JOBS = `Two ads are being made for this brand already: wait for one to finish.`;

export interface AdJob {
  id: string;
  brandId: number;
  state: 'working' | 'done' | 'failed';
  phase: AdPhase;
  detail: string;
  /** Phases finished, in order. */
  done: AdPhase[];
  adId: number | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

const jobs = new Map<string, AdJob>();

const forgetOld = (now: number): void => {
  for (const [id, job] of jobs) if (job.finishedAt && now - job.finishedAt.getTime() > JOB_KEEP_MS) jobs.delete(id);
};

/** The message a brand may read: an AppError's own, else a plain sentence (no stack, no secret). */
const messageOf = (error: unknown): string =>
  error instanceof AppError ? error.message : 'The ad could not be made: something failed on the server.';

/**
 * Starts generating an ad for the brand and returns the job at once. `wait` (tests) resolves when
 * the job has finished.
 */
export function startAdJob(
  ctx: AppContext,
  options: Omit<GenerateAdOptions, 'onProgress'>,
): { job: AdJob; wait: Promise<void> } {
  forgetOld(Date.now());
  const running = [...jobs.values()].filter((j) => j.brandId === options.brandId && j.state === 'working').length;
  if (running >= MAX_RUNNING_PER_BRAND) throw new AppError('conflict', TOO_MANY_AD_JOBS, { code: 'too_many_ad_jobs' });
  const job: AdJob = {
    id: randomUUID(),
    brandId: options.brandId,
    state: 'working',
    phase: 'scrape',
    detail: 'starting',
    done: [],
    adId: null,
    error: null,
    startedAt: new Date(),
    finishedAt: null,
  };
  jobs.set(job.id, job);
  const wait = generateAd(ctx, {
    ...options,
    onProgress: (phase, detail) => {
      if (phase !== job.phase && !job.done.includes(job.phase)) job.done.push(job.phase);
      job.phase = phase;
      job.detail = detail;
    },
  }).then(
    ({ ad }) => {
      if (!job.done.includes(job.phase)) job.done.push(job.phase);
      Object.assign(job, { state: 'done', adId: ad.id, finishedAt: new Date() });
    },
    (error: unknown) => {
      if (!(error instanceof AppError)) ctx.logger.error({ err: error, brandId: job.brandId }, 'ad job failed');
      Object.assign(job, { state: 'failed', error: messageOf(error), finishedAt: new Date() });
    },
  );
  return { job, wait };
}

/** The brand's job, or 404 'Ad job not found' (another brand's, unknown, or forgotten). */
export function adJob(brandId: number, id: string): AdJob {
  const job = jobs.get(id);
  if (!job || job.brandId !== brandId) throw new AppError('not_found', AD_JOB_NOT_FOUND, { code: 'ad_job_not_found' });
  return job;
}
