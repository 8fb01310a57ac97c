import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTicketMessage, createTicket, type Ticket } from '../../src/server/features/tickets/tickets';
import { seedGuild } from '../helpers/guilds';
import { recordingTranslator } from '../helpers/recording-translator';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/**
 * The transcript downloaded from the dashboard (GET /api/tickets/:id/transcript): made on demand from
 * the stored ticket, the web page with both languages side by side, every text escaped, nothing
 * loaded from anywhere; or plain text. Bad requests name the problem and write nothing.
 */

const rec = recordingTranslator();
let s: TestServer;
let ticket: Ticket;
const HOSTILE = `<script>alert("x")</script> & 'quotes' <img src=x onerror=alert(1)>`;

beforeAll(async () => {
  s = await startTestServer({ overrides: { translator: rec.translator } });
  await seedGuild(s.services, '931', { plan: 'ultimate' });
  await seedGuild(s.services, '932', { plan: 'ultimate' });
  await seedGuild(s.services, '933', { plan: 'pro' });
  const clock = () => new Date('2026-06-30T12:00:00Z');
  ticket = await createTicket(s.services.db, s.services.translator, clock, {
    guildId: '931',
    userId: '300',
    userLanguage: 'es',
    subject: 'Cobro doble',
    description: HOSTILE,
  });
  await addTicketMessage(s.services.db, s.services.translator, clock, ticket, {
    userId: '300',
    messageId: 'm1',
    originalText: 'Sigo esperando',
    originalLanguage: 'es',
    isStaff: false,
  });
  await addTicketMessage(s.services.db, s.services.translator, clock, ticket, {
    userId: 'support-team',
    messageId: 'm2',
    originalText: 'Refund on its way',
    originalLanguage: 'en',
    isStaff: true,
  });
});
afterAll(() => s.close());

const get = (path: string, guildId = '931') =>
  s.api(`${path}${path.includes('?') ? '&' : '?'}guildId=${guildId}`, { admin: true });

describe('GET /api/tickets/:id/transcript', () => {
  it('gives the web page: both languages side by side, escaped, self-contained, as a download', async () => {
    const res = await get(`/api/tickets/${ticket.id}/transcript`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="ticket-${ticket.id}-transcript.html"`,
    );
    const html = res.text;
    expect(html).toContain('<th>Spanish (member)</th><th>English (support)</th>');
    expect(html).toContain(
      '<td class="text" dir="auto" lang="es">Sigo esperando <span class="original">(original)</span></td><td class="text" dir="auto" lang="en">[en] Sigo esperando</td>',
    );
    expect(html).toContain(
      '<td class="text" dir="auto" lang="es">[es] Refund on its way</td><td class="text" dir="auto" lang="en">Refund on its way <span class="original">(original)</span></td>',
    );
    // The member's words are text, never markup.
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &lt;img src=x',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    // Nothing to fetch: no links, sources or stylesheets from anywhere, and a policy that forbids them.
    expect(html).not.toMatch(/<link|<iframe|\bsrc=["']|\bhref=|url\(|@import/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('gives the text file with ?format=txt', async () => {
    const res = await get(`/api/tickets/${ticket.id}/transcript?format=txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`ticket-${ticket.id}-transcript.txt`);
    expect(res.text).toContain('  [es] Sigo esperando\n  [en] [en] Sigo esperando');
  });

  it.each([
    [
      'a format other than txt or html',
      `/api/tickets/{id}/transcript?format=pdf`,
      '931',
      400,
      'format: must be txt or html',
    ],
    ['an unknown ticket', '/api/tickets/999999/transcript', '931', 404, 'ticket 999999 not found'],
    ['a ticket of another server', '/api/tickets/{id}/transcript', '932', 404, 'not found'],
    ['a server below Ultimate', '/api/tickets/{id}/transcript', '933', 403, 'Ultimate'],
  ])('refuses %s naming the problem, writing nothing', async (_what, path, guildId, status, error) => {
    const before = await tableCounts(s.services);
    const res = await get(path.replace('{id}', String(ticket.id)), guildId);
    expect(res.status).toBe(status);
    expect(res.json.error).toContain(error);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});
