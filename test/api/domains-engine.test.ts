import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds, translationLogs } from '../../db/schema';
import { createTicket } from '../../src/server/features/tickets/tickets';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { seedChannels } from '../helpers/guilds';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Announcements and ticket replies through the real translation engine and the real
 * @google/genai SDK, against a fake Gemini on loopback (test/fakes/gemini.ts).
 */
let fake: FakeProvider;
let s: TestServer;

beforeAll(async () => {
  fake = await startFakeGemini();
  s = await startTestServer({
    env: { GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: fake.url },
    guilds: [{ id: '6001', plan: 'ultimate' }],
  });
  await seedChannels(s.services, '6001', ['61', '62', '63']);
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

describe('with a real provider behind the engine', () => {
  it('an announcement costs one provider request for three languages, and the dashboard counts it', async () => {
    fake.reset();
    const res = await s.api('/api/announcements?guildId=6001', {
      method: 'POST',
      admin: true,
      body: {
        createdBy: 'admin',
        originalText: 'The tournament starts at 18:00 UTC',
        originalLanguage: 'en',
        targetChannels: [
          { language: 'es', channelId: '61' },
          { language: 'fr', channelId: '62' },
          { language: 'de', channelId: '63' },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].translation?.targets).toEqual(expect.arrayContaining(['es', 'fr', 'de']));
    expect(Object.keys(res.json.translations).sort()).toEqual(['de', 'es', 'fr']);
    expect(res.json.translations.es).toContain('The tournament starts at 18:00 UTC');

    const logs = await s.services.db.select().from(translationLogs).all();
    expect(logs.filter((l) => l.guildId === '6001' && l.source === 'announcement')).toHaveLength(3);
    const stats = await s.api('/api/stats?guildId=6001', { admin: true });
    expect(stats.json).toMatchObject({ totalTranslations: 3, hasData: true });
  });

  it('a staff reply is translated into the member language; a provider error still stores the original', async () => {
    await s.services.db.insert(guilds).values({ id: '6001' }).onConflictDoNothing().run();
    const ticket = await createTicket(s.services.db, s.services.translator, s.services.clock, {
      guildId: '6001',
      userId: '4242',
      userLanguage: 'es',
      subject: 'No funciona',
      description: 'El bot no traduce',
    });
    expect(ticket.subject.en).toBeDefined();

    fake.reset();
    const body = {
      userId: 'support-team',
      messageId: '1',
      originalText: 'Please try again now',
      originalLanguage: 'en',
      isStaff: true,
    };
    const ok = await s.api(`/api/tickets/${ticket.id}/messages?guildId=6001`, {
      method: 'POST',
      admin: true,
      body,
    });
    expect(ok.status).toBe(201);
    expect(fake.requests).toHaveLength(1);
    expect(ok.json).toMatchObject({ translated: true, translations: { en: 'Please try again now' } });
    expect(ok.json.translations.es).toContain('Please try again now');

    fake.respondWith(() => ({ status: 400, body: { error: { code: 400, message: 'bad request' } } }));
    const failed = await s.api(`/api/tickets/${ticket.id}/messages?guildId=6001`, {
      method: 'POST',
      admin: true,
      body: { ...body, messageId: '2', originalText: 'Are you still there?' },
    });
    expect(failed.status).toBe(201);
    expect(failed.json).toMatchObject({ translated: false, translations: { en: 'Are you still there?' } });
    fake.reset();
  });
});
