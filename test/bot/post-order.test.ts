import { describe, expect, it, vi } from 'vitest';
import { POST_TURN_MAX_WAIT_MS, takePostTurn } from '../../bot/features/channels/post-order';

describe('post order of a channel', () => {
  it('each message posts after the one before it; other channels do not wait', async () => {
    const posted: string[] = [];
    const first = takePostTurn('c1');
    const second = takePostTurn('c1');
    const elsewhere = takePostTurn('c2');
    const secondPosts = second.ready().then(() => {
      posted.push('c1 second');
      second.done();
    });
    await elsewhere.ready();
    posted.push('c2 first');
    elsewhere.done();
    await first.ready();
    posted.push('c1 first');
    first.done();
    await secondPosts;
    expect(posted).toEqual(['c2 first', 'c1 first', 'c1 second']);
    // Once every turn is done, the next message goes at once.
    const third = takePostTurn('c1');
    await third.ready();
    third.done();
  });

  it('a message whose predecessor never finishes goes after the longest wait, not before', async () => {
    vi.useFakeTimers();
    try {
      const stuck = takePostTurn('c3');
      const next = takePostTurn('c3');
      void stuck;
      let ready = false;
      const waiting = next.ready().then(() => {
        ready = true;
      });
      await vi.advanceTimersByTimeAsync(POST_TURN_MAX_WAIT_MS - 1);
      expect(ready).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(ready).toBe(true);
      await waiting;
      next.done();
    } finally {
      vi.useRealTimers();
    }
  });
});
