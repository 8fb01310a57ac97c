import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema';
import { type FakeDiscord, makeGuild, makeMember, startFakeDiscord } from '../fakes/discord';
import { type Browser, launchBrowser, type Page, startWebServer } from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, screenshotMatrix } from './admin-screens-helpers';

/**
 * The ticket's Claim for the operator: the staff member is picked by name among the server's
 * members, searched through Discord as the admin types (the fake Discord's Search Guild Members),
 * never typed as an id; a member of another server is never offered; the claim shows the name.
 */
const ana = makeMember('ana');
const anatole = { ...makeMember('anatole'), nick: 'Tolya' };
const ben = { ...makeMember('ben', 'en-US', { avatar: null }), nick: 'Anders' };
const annie = makeMember('annie');
const home = makeGuild('Home', ['general'], [ana, anatole, ben]);
const other = makeGuild('Other', ['general'], [annie]);

let fake: FakeDiscord;
let server: TestServer;
let browser: Browser;
let ticketId = 0;

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: [home, other] });
  [server, browser] = await Promise.all([
    startWebServer({ env: { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl } }),
    launchBrowser(),
  ]);
  for (const g of [home, other]) await seedGuild(server.services, g.id, { plan: 'ultimate', name: g.name });
  const [t] = await server.services.db
    .insert(tickets)
    .values({
      guildId: home.id,
      subject: { en: 'The bot is quiet' },
      description: { en: 'No translations since this morning.' },
      userLanguage: 'en',
      userId: ana.user.id,
    })
    .returning()
    .all();
  ticketId = t!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

const ticketsPath = () => `/admin/tickets?guildId=${home.id}`;

/** Opens the ticket and answers its dialog's claim bar. */
async function openClaimBar(page: Page) {
  await page.getByTestId('ticket-row').first().click();
  return page.getByRole('dialog').getByTestId('ticket-claim');
}

describe('tickets: the claim member picker', () => {
  it('searches members by name as the admin types, offers only this server, claims the picked one and shows the name', async () => {
    const page = await adminPage(browser, server, ticketsPath());
    const bar = await openClaimBar(page);
    const picker = bar.getByLabel('Staff member', { exact: true });
    const claim = bar.getByRole('button', { name: 'Claim' });
    // No id field any more, and nothing to claim for until a member is picked.
    expect(await page.getByLabel(/Discord id/).count()).toBe(0);
    expect(await claim.isDisabled()).toBe(true);

    await picker.click();
    await page.getByText('Type the start of a name').waitFor();
    await picker.fill('an');
    for (const name of ['ana G.', 'Tolya', 'Anders']) await page.getByRole('option', { name }).waitFor();
    // Discord was asked for this server's members (the debounced query, not one per keystroke).
    const searches = () => fake.rest.calls.filter((c) => c.path.endsWith('/members/search'));
    expect(searches().map((c) => [c.path, c.query.query])).toEqual([
      [`/guilds/${home.id}/members/search`, 'an'],
    ]);

    // A member of another server is not found here.
    await picker.fill('annie');
    await page.getByText('No member of this server starts with "annie"').waitFor();
    expect(await page.getByRole('option').count()).toBe(0);

    await picker.fill('tol');
    await page.getByRole('option', { name: 'Tolya' }).click();
    expect(await picker.inputValue()).toBe('Tolya');
    await claim.click();
    await page.getByText('Ticket claimed').waitFor();
    await bar.getByRole('button', { name: 'Release' }).waitFor();
    await bar.getByText('Tolya').waitFor();
    // The bot's note in the conversation names the claimer and draws its bold, not Discord's markup.
    const note = page.getByRole('dialog').getByTestId('ticket-status-note').filter({ hasText: 'Tolya' });
    await note.waitFor();
    expect(await note.textContent()).not.toMatch(/<@|\*\*/);
    expect(await note.locator('b').textContent()).toBe(`#${ticketId}`);
    const [stored] = await server.services.db.select().from(tickets).where(eq(tickets.id, ticketId)).all();
    expect(stored).toMatchObject({ claimedBy: anatole.user.id, claimedByName: 'Tolya' });

    // Released again for the next test.
    await bar.getByRole('button', { name: 'Release' }).click();
    await bar.getByRole('button', { name: 'Claim' }).waitFor();
    await page.context().close();
  });

  it('says what is wrong with a search (too long, Discord failing) in the picker, and claims nothing', async () => {
    const page = await adminPage(browser, server, ticketsPath());
    const bar = await openClaimBar(page);
    const picker = bar.getByLabel('Staff member', { exact: true });
    await picker.fill('a'.repeat(101));
    await bar.getByText(/query: at most 100 characters/).waitFor();
    fake.rest.fail({
      method: 'GET',
      path: /\/members\/search$/,
      status: 403,
      body: { message: 'Missing Access', code: 50001 },
      times: 1,
    });
    await picker.fill('ben');
    await bar.getByText(/Discord could not be asked for this server's members right now/).waitFor();
    expect(await bar.getByRole('button', { name: 'Claim' }).isDisabled()).toBe(true);
    const [stored] = await server.services.db.select().from(tickets).where(eq(tickets.id, ticketId)).all();
    expect(stored!.claimedBy).toBeNull();
    await page.context().close();
  });

  it('screenshots the open picker with its matches, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'tickets-claim-picker',
      { search: ticketsPath() },
      async (page) => {
        const bar = await openClaimBar(page);
        await bar.getByLabel('Staff member', { exact: true }).fill('an');
        await page.getByRole('option', { name: 'Anders' }).waitFor();
      },
    );
    expect(errors).toEqual([]);
  });
});
