import { describe, expect, it, vi } from 'vitest';
import { TaskQueue } from './task-queue';

describe('TaskQueue (SPEC §4)', () => {
  it('starts frozen and runs waiting tasks in order on release', async () => {
    const queue = new TaskQueue();
    const order: number[] = [];
    const a = queue.add(() => order.push(1));
    const b = queue.add(() => {
      order.push(2);
      return Promise.resolve('b');
    });
    await Promise.resolve();
    expect(queue.isFrozen).toBe(true);
    expect(order).toEqual([]);
    queue.release();
    expect(order).toEqual([1, 2]);
    await expect(b).resolves.toBe('b');
    await expect(a).resolves.toBe(1);
  });

  it('runs new tasks at once while released; reset freezes it again', async () => {
    const queue = new TaskQueue();
    queue.release();
    const now = vi.fn();
    await queue.add(now);
    expect(now).toHaveBeenCalledOnce();
    queue.reset();
    const later = vi.fn();
    const done = queue.add(later);
    await Promise.resolve();
    expect(later).not.toHaveBeenCalled();
    queue.release();
    await done;
    expect(later).toHaveBeenCalledOnce();
  });

  it('passes a failing task on to its caller without stopping the others', async () => {
    const queue = new TaskQueue();
    const failing = queue.add(() => {
      throw new Error('kaputt');
    });
    const fine = queue.add(() => 'ok');
    queue.release();
    await expect(failing).rejects.toThrow('kaputt');
    await expect(fine).resolves.toBe('ok');
  });
});
