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
    // The sixth no sooner than 200 ms after the first, and so on, exactly: the proxy takes a send's
    // time after starting it (so after this send read its clock) and starts the fifth after it once
    // its clock has passed that time plus the span (only doubles' rounding is allowed for). Short
    // before, when the time was taken before the send: 1.14, 1.55 and 2.02 ms on loaded CI runs.
    for (let i = 5; i < sent.length; i++)
      expect(sent[i]!.at - sent[i - 5]!.at).toBeGreaterThanOrEqual(200 - 1e-9);
  });

  it('keeps the span when a send leaves late (a pause between starting it and its request going out)', async () => {
    const sent: number[] = [];
    const send = spacedRequests(
      async (url) => {
        // The first request held for 3 ms before it goes out, as a garbage collection does.
        const until = performance.now() + (url === '/r/0' ? 3 : 0);
        while (performance.now() < until);
        sent.push(performance.now());
        return new Response('{}') as never;
      },
      5,
      200,
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => send(`/r/${i}`, {})));
    for (let i = 5; i < sent.length; i++) expect(sent[i]! - sent[i - 5]!).toBeGreaterThanOrEqual(200 - 1e-9);
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
