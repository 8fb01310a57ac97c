import { describe, expect, it } from 'vitest';
import { takePostTurn } from '../../bot/features/channels/post-order';

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

  it('a message whose predecessor never finishes goes after the longest wait', async () => {
    const stuck = takePostTurn('c3', 50);
    const next = takePostTurn('c3', 50);
    void stuck;
    const start = Date.now();
    await next.ready();
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
    next.done();
  });
});
