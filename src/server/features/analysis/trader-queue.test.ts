import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors';
import { TraderQueue } from './trader-queue';

/** A piece of work that runs until `finish` is called, and records when it started. */
function gate(log: string[], name: string) {
  let finish: (fail?: boolean) => void = () => undefined;
  const work = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = (fail) => (fail ? reject(new Error(name)) : resolve(name));
    });
  return { work, finish: (fail?: boolean) => finish(fail) };
}

const busy = () => new ApiError(429, 'BUSY', 'busy');

describe('TraderQueue', () => {
  it("runs one trader's requests one after another and refuses one past its depth", async () => {
    const queue = new TraderQueue(2, busy);
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const first = queue.run('t', a.work);
    const second = queue.run('t', b.work);
    await expect(queue.run('t', gate(log, 'c').work)).rejects.toMatchObject({ status: 429, code: 'BUSY' });
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    a.finish(true);
    await expect(first).rejects.toThrow('a');
    await expect.poll(() => log).toEqual(['start a', 'start b']);
    b.finish();
    await expect(second).resolves.toBe('b');
    // The line is empty again: the next request starts at once.
    const d = gate(log, 'd');
    const fourth = queue.run('t', d.work);
    await expect.poll(() => log.at(-1)).toBe('start d');
    d.finish();
    await expect(fourth).resolves.toBe('d');
  });

  it("does not make one trader wait on another's request", async () => {
    const queue = new TraderQueue(1, busy);
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const first = queue.run('t1', a.work);
    const second = queue.run('t2', b.work);
    await expect.poll(() => log).toEqual(['start a', 'start b']);
    b.finish();
    a.finish();
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
  });
});
