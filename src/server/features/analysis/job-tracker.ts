import PQueue from 'p-queue';
import type { JobStage } from '../../../shared/analysis';

export type { JobStage };

interface Job {
  id: string;
  userId: string;
  priority: number;
  stage: JobStage;
  order: number;
}

const jobKey = (userId: string, jobId: string) => `${userId}\u0000${jobId}`;

const PREMIUM_PRIORITY = 1;
const FREE_PRIORITY = 0;
/** Finished jobs stay readable this long so a slow poller still sees 'done'. */
const KEEP_FINISHED_MS = 60_000;

/**
 * Bounded analysis queue: at most `concurrency` run at once, and Premium jobs are taken before
 * free ones (the priority processing Premium promises). Each job's stage can be read by its owner.
 */
export class AnalysisQueue {
  private readonly queue: PQueue;
  private readonly jobs = new Map<string, Job>();
  private counter = 0;

  constructor(concurrency: number) {
    this.queue = new PQueue({ concurrency });
  }

  /**
   * Runs `task` once a place is free. The place is held until the task calls `releaseSlot` (the
   * analysis does once the engine has read the chart: waiting on AI models takes no CPU and must
   * not keep other users' charts waiting) or ends, whichever comes first.
   */
  run<T>(
    job: { id: string; userId: string; premium: boolean },
    task: (setStage: (stage: JobStage) => void, releaseSlot: () => void) => Promise<T>,
  ): Promise<T> {
    const priority = job.premium ? PREMIUM_PRIORITY : FREE_PRIORITY;
    const entry: Job = { ...job, priority, stage: { stage: 'queued', position: 0 }, order: (this.counter += 1) };
    // Job ids come from the browser: each user's ids are their own, so nobody can replace another's.
    const key = jobKey(job.userId, job.id);
    this.jobs.set(key, entry);
    const setStage = (stage: JobStage) => {
      entry.stage = stage;
    };
    const finish = (stage: JobStage) => {
      entry.stage = stage;
      setTimeout(() => {
        if (this.jobs.get(key) === entry) this.jobs.delete(key);
      }, KEEP_FINISHED_MS).unref();
    };
    let outcome!: Promise<T>;
    const slot = this.queue.add(
      async () => {
        setStage({ stage: 'reading-chart' });
        let releaseSlot!: () => void;
        const released = new Promise<void>((resolve) => {
          releaseSlot = resolve;
        });
        outcome = Promise.resolve().then(() => task(setStage, releaseSlot));
        outcome.then(releaseSlot, releaseSlot);
        await released;
      },
      { priority },
    );
    return slot
      .then(() => outcome)
      .then(
        (value) => {
          finish({ stage: 'done' });
          return value;
        },
        (error: unknown) => {
          finish({ stage: 'failed' });
          throw error;
        },
      );
  }

  /** The job's stage for its owner; queued jobs get their place in line (Premium first, then by arrival). */
  stageOf(jobId: string, userId: string): JobStage | null {
    const job = this.jobs.get(jobKey(userId, jobId));
    if (!job) return null;
    if (job.stage.stage !== 'queued') return job.stage;
    const ahead = [...this.jobs.values()].filter(
      (other) =>
        other.stage.stage === 'queued' &&
        (other.priority > job.priority || (other.priority === job.priority && other.order < job.order)),
    ).length;
    return { stage: 'queued', position: ahead + 1 };
  }

  /**
   * Settles once a place is free and no job waits for one (when a worker may take another job), or
   * when `signal` is aborted.
   */
  async placeFree(signal: AbortSignal): Promise<void> {
    while (!signal.aborted && (this.queue.pending >= this.queue.concurrency || this.queue.size > 0)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.queue.off('next', done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        this.queue.on('next', done);
        signal.addEventListener('abort', done);
      });
    }
  }

  get waiting(): number {
    return this.queue.size;
  }

  onIdle(): Promise<void> {
    return this.queue.onIdle();
  }
}
