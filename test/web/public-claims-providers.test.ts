import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/common/languages';
import { MODERATION_EXCERPT_MAX } from '../../src/common/moderation/schemas';
import { plansIncluding } from '../../src/common/plans';
import { LEFT_SERVER_DAYS, TRANSLATION_LOG_DAYS } from '../../src/common/retention';
import { loadEnv } from '../../src/server/core/env';
import { siteCapabilities } from '../../src/server/features/site/capabilities';
import { deeplTarget } from '../../src/server/translation/providers/deepl';
import {
  type Browser,
  blankPage,
  eachThemeAndWidth,
  launchBrowser,
  shot,
  shotOf,
  startWebServer,
  visit,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';

/**
 * Issue 27: the landing's language count and its AI-moderation claim follow the installation's
 * providers (site.config, src/server/features/site/capabilities.ts): an operator running DeepL alone
 * is not sold the language models' 130+ languages nor AI toxicity detection DeepL cannot give. The
 * privacy page and the FAQ state the retention the job keeps (src/common/retention.ts).
 */

/** DeepL alone, pointed at a closed port on loopback: nothing here translates, only the claims matter. */
const DEEPL_ONLY = { DEEPL_API_KEY: 'test-key:fx', DEEPL_SERVER_URL: 'http://127.0.0.1:9' };
const DEEPL_COUNT = LANGUAGES.filter((l) => deeplTarget(l.code) !== null).length;
const AI_CLAIM = /AI toxicity|harassment detection/;

let standard: TestServer;
let deeplOnly: TestServer;
let browser: Browser;
beforeAll(async () => {
  [standard, deeplOnly, browser] = await Promise.all([
    startWebServer(),
    startWebServer({ env: DEEPL_ONLY }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([standard?.close(), deeplOnly?.close()]);
});

/** The landing once its site.config answer is in (the positive sign the page read this server). */
async function landing(page: Page, url: string): Promise<string> {
  const config = page.waitForResponse((r) => r.url().includes('/trpc/site.config') && r.ok());
  await visit(page, `${url}/`);
  await config;
  await page.getByText('AI translation that reads the conversation').waitFor();
  return (await page.getByRole('main').textContent()) ?? '';
}

describe('the public claims follow the installation’s providers', { timeout: 120_000 }, () => {
  it('computes the capabilities from the configured lanes', () => {
    expect(DEEPL_COUNT).toBeLessThan(LANGUAGES.length);
    expect(DEEPL_COUNT).toBeGreaterThanOrEqual(100);
    expect(siteCapabilities(loadEnv(DEEPL_ONLY))).toEqual({
      languageCount: DEEPL_COUNT,
      aiModeration: false,
      voice: false,
    });
    // DeepL first with a language model behind it: the failover reaches every language, and verdicts.
    expect(
      siteCapabilities(
        loadEnv({
          ...DEEPL_ONLY,
          GEMINI_API_KEY: 'k',
          TRANSLATION_PROVIDER: 'deepl',
          TRANSLATION_FALLBACK: 'gemini',
        }),
      ),
    ).toEqual({ languageCount: LANGUAGES.length, aiModeration: true, voice: false });
    expect(
      siteCapabilities(
        loadEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_TRANSCRIBE_MODEL: 'whisper-1' }),
      ),
    ).toEqual({ languageCount: LANGUAGES.length, aiModeration: true, voice: true });
    expect(siteCapabilities(loadEnv({ GEMINI_API_KEY: 'k' }))).toEqual({
      languageCount: LANGUAGES.length,
      aiModeration: true,
      voice: true,
    });
  });

  it('DeepL alone: the landing says 100+ languages and sells no AI moderation nor voice', async () => {
    await eachThemeAndWidth(
      (theme) => blankPage(browser, { theme }),
      async (page, theme, device) => {
        const main = await landing(page, deeplOnly.url);
        await page.getByTestId('language-count').getByText('100+', { exact: true }).waitFor();
        expect(main).toContain('Context-aware AI translation in 100+ languages');
        expect(main).toContain('in your server’s tone, in 100+ languages');
        expect(main).not.toContain('130+');
        expect(main).not.toMatch(AI_CLAIM);
        // DeepL takes no audio: no voice translation card.
        expect(main).not.toContain('Voice channels captioned live');
        expect(main).toContain(
          `Spam and banned words on ${plansIncluding('moderation')}, scam and phishing links on ${plansIncluding('scamDetection')}`,
        );
        await shotOf(page.locator('#features'), `claims-deepl-features-${theme}-${device}`);
        await shot(page, `claims-deepl-landing-${theme}-${device}`);
        if (theme === 'dark' && device === 'desktop') {
          await visit(page, `${deeplOnly.url}/terms`);
          await page.getByText('messages in 100+ languages by AI translation').waitFor();
        }
        // The plans still list Advanced moderation and voice: pricing says they do not run here.
        await visit(page, `${deeplOnly.url}/pricing`);
        const limits = page.getByTestId('installation-limits');
        await limits.waitFor();
        expect(await limits.textContent()).toContain(
          'cannot run AI toxicity and harassment detection (Advanced moderation) or voice translation',
        );
        await shot(page, `claims-deepl-pricing-${theme}-${device}`);
      },
    );
  });

  it('the default configuration keeps 130+ languages, AI moderation on Plus and up and voice', async () => {
    const page = await blankPage(browser);
    const main = await landing(page, standard.url);
    expect(await page.getByTestId('language-count').textContent()).toContain('130+');
    expect(main).toContain('Context-aware AI translation in 130+ languages');
    expect(main).toContain(`AI toxicity and harassment detection on ${plansIncluding('aiModeration')}`);
    expect(main).toContain(`Voice channels captioned live`);
    // Pricing has nothing to take back: its note appears only where a capability is missing.
    const config = page.waitForResponse((r) => r.url().includes('/trpc/site.config') && r.ok());
    await visit(page, `${standard.url}/pricing`);
    await config;
    // The checkout note (no Stripe here) reads the same answer: the page has applied it.
    await page.getByTestId('checkout-unavailable').waitFor();
    expect(await page.getByTestId('installation-limits').count()).toBe(0);
    await page.context().close();
  });

  it('the privacy page and the FAQ state the retention the job keeps', async () => {
    const page = await blankPage(browser);
    await visit(page, `${standard.url}/privacy`);
    const logs = page.getByTestId('log-retention');
    await logs.waitFor();
    expect(await logs.textContent()).toContain(`kept for up to ${TRANSLATION_LOG_DAYS} days, then deleted`);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).toContain(`deleted within ${LEFT_SERVER_DAYS} days after the bot is removed`);

    await visit(page, `${standard.url}/pricing`);
    await page.getByRole('button', { name: 'Do you store the messages you translate?' }).click();
    const answer = page.getByText(`kept for up to ${TRANSLATION_LOG_DAYS} days`);
    await answer.waitFor();
    expect(await answer.textContent()).toContain(`the first ${MODERATION_EXCERPT_MAX} characters`);
    await page.context().close();
  });
});
