import { describe, expect, it } from 'vitest';
import { spacedRequests } from '../../bot/rest-proxy';

/**
 * The REST proxy's pace (bot/rest-proxy.ts spacedRequests): whatever @discordjs/rest's windows do,
 * no more than `limit` requests go out in any `spanMs`, and each is sent once, in order.
 */
describe("the REST proxy's spacing of its sends", () => {
  it('sends every request, in order, never more than the limit within the span', async () => {
    const sent: { url: string; at: number }[] = [];
    const send = spacedRequests(
      async (url) => {
        sent.push({ url, at: performance.now() });
        return new Response('{}') as never;
      },
      5,
      200,
    );
    await Promise.all(Array.from({ length: 12 }, (_, i) => send(`/r/${i}`, {})));
    expect(sent.map((s) => s.url)).toEqual(Array.from({ length: 12 }, (_, i) => `/r/${i}`));
    // The sixth no sooner than 200 ms after the first, and so on. The proxy reads its clock in the
    // same step as it calls send, a statement before this one's (200 ms, less those microseconds).
    // Short before: 1.14 ms (a timer fired early by the loop's cached clock) and 1.55 ms (a send
    // made after the request's own await, a pause apart from its recorded time) on loaded CI runs.
    for (let i = 5; i < sent.length; i++) expect(sent[i]!.at - sent[i - 5]!.at).toBeGreaterThanOrEqual(199.9);
  });

  it('a send that throws at once fails its own request only', async () => {
    const send = spacedRequests(
      (url) => {
        if (url === '/bad') throw new Error('refused at once');
        return Promise.resolve(new Response(url) as never);
      },
      5,
      200,
    );
    const [bad, good] = await Promise.allSettled([send('/bad', {}), send('/good', {})]);
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'refused at once' } });
    expect(good.status).toBe('fulfilled');
    expect(await (await send('/after', {})).text()).toBe('/after');
  });
});
