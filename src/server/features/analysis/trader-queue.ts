import type { ApiError } from '../../lib/errors';

interface Line {
  /** Requests of this trader at work or waiting. */
  count: number;
  /** Settles when the last of them is done; never rejects. */
  tail: Promise<unknown>;
}

/**
 * One trader's requests run one after another, at most `depth` of them at work or waiting; more
 * are refused with `busy()`. Other traders' requests do not wait on them.
 */
export class TraderQueue {
  private readonly lines = new Map<string, Line>();

  constructor(
    private readonly depth: number,
    private readonly busy: () => ApiError,
  ) {}

  async run<T>(traderId: string, work: () => Promise<T>): Promise<T> {
    const line = this.lines.get(traderId) ?? { count: 0, tail: Promise.resolve() };
    if (line.count >= this.depth) throw this.busy();
    line.count += 1;
    this.lines.set(traderId, line);
    const turn = line.tail.then(work);
    line.tail = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      line.count -= 1;
      if (line.count === 0) this.lines.delete(traderId);
    }
  }
}
