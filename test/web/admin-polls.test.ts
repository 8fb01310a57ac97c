import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/demo';
import { pollVotes } from '../../db/schema';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { seedChannels, setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'p1');
  await insertGuild(server, 'p-empty');
  await insertGuild(server, 'p-free');
  // Polls are a Plus capability.
  await setGuildPlan(server.services, 'p1', 'plus');
  await setGuildPlan(server.services, 'p-empty', 'plus');
  await seedDemo(server.services.db, 'demo1', new Date());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const polls = async (guildId: string) =>
  (await server.api(`/api/polls?guildId=${guildId}`, { admin: true })).json;

describe('Polls', () => {
  it('creates a poll only once the question and 2 options are filled in, then deletes it', async () => {
    const page = await adminPage(browser, server, '/admin/polls?guildId=p1');
    await page.getByText('No polls yet').waitFor();
    await page.getByRole('button', { name: 'Create Poll' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Multilingual Poll' });
    const create = dialog.getByRole('button', { name: 'Create Poll' });
    const options = dialog.getByRole('textbox', { name: /^Option \d+$/ });

    // Two option inputs from the start, no remove buttons, multiple choice off (once the dialog is open).
    await options.nth(1).waitFor();
    expect(await options.count()).toBe(2);
    expect(await dialog.getByRole('button', { name: /^Remove option/ }).count()).toBe(0);
    expect(await dialog.getByRole('switch', { name: 'Allow Multiple Choices' }).isChecked()).toBe(false);
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByLabel('Question').fill('Which game night next?');
    expect(await create.isDisabled()).toBe(true);
    await options.nth(0).fill('Minecraft');
    expect(await create.isDisabled()).toBe(true);
    await options.nth(1).fill('   ');
    expect(await create.isDisabled()).toBe(true);

    // A third input brings remove buttons; a blank one among three still leaves the button disabled.
    await dialog.getByRole('button', { name: 'Add option' }).click();
    expect(await options.count()).toBe(3);
    expect(await dialog.getByRole('button', { name: /^Remove option/ }).count()).toBe(3);
    await options.nth(2).fill('Among Us');
    expect(await create.isDisabled()).toBe(false);
    await dialog.getByLabel('Question').fill('');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Question').fill('Which game night next?');
    await shot(page, 'polls-create-dialog');

    await create.click();
    await page.getByText('Poll created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('poll');
    await card.waitFor();
    expect(await card.textContent()).toContain('Which game night next?');
    expect(await card.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('progressbar').count()).toBe(2);

    const stored = await polls('p1');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      question: { en: 'Which game night next?' },
      options: [
        { id: 'opt-1', text: { en: 'Minecraft' } },
        { id: 'opt-2', text: { en: 'Among Us' } },
      ],
      allowMultiple: false,
      createdBy: 'admin',
    });

    // The dialog was reset.
    await page.getByRole('button', { name: 'Create Poll' }).first().click();
    expect(await dialog.getByLabel('Question').inputValue()).toBe('');
    expect(await options.count()).toBe(2);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete poll Which game night next?' }).click();
    await page
      .getByRole('dialog', { name: /^Delete this poll/ })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('Poll deleted').waitFor();
    await page.getByText('No polls yet').waitFor();
    expect(await polls('p1')).toHaveLength(0);
    await page.context().close();
  });

  it('sends the chosen language and multiple choice', async () => {
    const page = await adminPage(browser, server, '/admin/polls?guildId=p1');
    await page.getByRole('button', { name: 'Create Poll' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Multilingual Poll' });
    await dialog.getByLabel('Question').fill('¿Qué día jugamos?');
    await dialog.getByRole('combobox', { name: 'Written in' }).click();
    await page.getByRole('option', { name: 'Spanish', exact: true }).click();
    const options = dialog.getByRole('textbox', { name: /^Option \d+$/ });
    await options.nth(0).fill('Sábado');
    await options.nth(1).fill('Domingo');
    await dialog.getByRole('switch', { name: 'Allow Multiple Choices' }).click({ force: true });
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await page.getByText('Poll created').waitFor();
    const [poll] = await polls('p1');
    expect(poll).toMatchObject({
      question: { es: '¿Qué día jugamos?' },
      options: [
        { id: 'opt-1', text: { es: 'Sábado' } },
        { id: 'opt-2', text: { es: 'Domingo' } },
      ],
      allowMultiple: true,
    });
    await page.getByTestId('poll').getByText('Multiple choice', { exact: true }).waitFor();
    await page.context().close();
  });

  it('shows the real votes as bars, says where the message stands, and Close ends the poll', async () => {
    // The poll goes to one of the server's text channels, as the bot synced them.
    await seedChannels(server.services, 'p1', [{ id: '123456789', name: 'polls' }]);
    const made = await server.api('/api/polls?guildId=p1', {
      method: 'POST',
      admin: true,
      body: {
        channelId: '123456789',
        question: { en: 'Tea or coffee?' },
        options: [{ text: { en: 'Tea' } }, { text: { en: 'Coffee' } }],
        createdBy: 'admin',
      },
    });
    expect(made.json.delivery).toBe('queued');
    const db = server.services.db;
    for (const [optionId, userId] of [
      ['opt-1', '11'],
      ['opt-2', '12'],
      ['opt-2', '13'],
    ])
      await db.insert(pollVotes).values({ pollId: made.json.id, optionId, userId }).run();

    const page = await adminPage(browser, server, '/admin/polls?guildId=p1');
    const card = page.getByTestId('poll').filter({ hasText: 'Tea or coffee?' });
    await card.waitFor();
    await card.getByText('2 votes · 67%').waitFor();
    await card.getByText('1 vote · 33%').waitFor();
    await card.getByText('Queued', { exact: true }).waitFor();
    expect(await card.getByRole('progressbar', { name: 'Coffee: 67% of votes' }).count()).toBe(1);

    await card.getByRole('button', { name: 'Close poll Tea or coffee?' }).click();
    await page.getByText('Poll closed').waitFor();
    await card.getByText('Closed', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Close poll Tea or coffee?' }).count()).toBe(0);
    const [stored] = (await polls('p1')).filter((p: { id: number }) => p.id === made.json.id);
    expect(stored.active).toBe(false);
    await page.context().close();
  });

  it('on the Free plan the screen names the Plus plan instead of the polls', async () => {
    const page = await adminPage(browser, server, '/admin/polls?guildId=p-free');
    await page.getByText('Multilingual polls needs the Plus plan').waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade to Plus' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create Poll' }).count()).toBe(0);
    await page.context().close();
  });

  it('screenshots: demo data and empty, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'polls',
      { data: '/admin/polls?guildId=demo1', empty: '/admin/polls?guildId=p-empty' },
      async (page, kind) => {
        await (kind === 'data'
          ? page.getByTestId('poll').first()
          : page.getByTestId('empty-state')
        ).waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
