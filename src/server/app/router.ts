import { createCallerFactory, router } from '../core/trpc';
import { analyticsRouter } from '../features/analytics/router';
import { announcementsRouter } from '../features/announcements/router';
import { apiKeysRouter } from '../features/api-keys/router';
import { authRouter } from '../features/auth/router';
import { billingRouter } from '../features/billing/router';
import { casesRouter } from '../features/cases/router';
import { channelsRouter } from '../features/channels/router';
import { memberMessagePass } from '../features/moderation/flow';
import { settingsRouter } from '../features/settings/router';
import { contactRouter } from '../features/contact/router';
import { guildsRouter } from '../features/guilds/router';
import { integrationsRouter } from '../features/integrations/router';
import { exchangeRouter } from '../features/exchange/router';
import { exportsRouter } from '../features/exports/router';
import { glossaryRouter } from '../features/glossary/router';
import { learningRouter } from '../features/learning/router';
import { moderationRouter } from '../features/moderation/router';
import { pollsRouter } from '../features/polls/router';
import { reactionRolesRouter } from '../features/reaction-roles/router';
import { setupRouter } from '../features/setup/router';
import { singleChannelRouter } from '../features/single-channel/router';
import { siteRouter } from '../features/site/router';
import { statsRouter } from '../features/stats/router';
import { statusRouter } from '../features/status/router';
import { ticketsRouter } from '../features/tickets/router';
import { translationRouter } from '../features/translation/router';
import { translationStyleRouter } from '../features/translation-style/router';
import { usageRouter } from '../features/usage/router';
import { voiceRouter } from '../features/voice/router';
import { welcomeRouter } from '../features/welcome/router';
import { providerKeysRouter } from '../features/provider-keys/router';
import { whiteLabelRouter } from '../features/white-label/router';
import { xpRouter } from '../features/xp/router';

/** The one router that holds every behaviour (DESIGN.md). */
export const appRouter = router({
  auth: authRouter,
  site: siteRouter,
  stats: statsRouter,
  billing: billingRouter,
  contact: contactRouter,
  translation: translationRouter,
  // The channels' bot procedures run a member's message through moderation's pass (it builds on
  // the channels' copies, so channels cannot import it).
  channels: channelsRouter(memberMessagePass),
  polls: pollsRouter,
  welcome: welcomeRouter,
  reactionRoles: reactionRolesRouter,
  moderation: moderationRouter,
  cases: casesRouter,
  analytics: analyticsRouter,
  settings: settingsRouter,
  announcements: announcementsRouter,
  guilds: guildsRouter,
  tickets: ticketsRouter,
  learning: learningRouter,
  voice: voiceRouter,
  usage: usageRouter,
  singleChannel: singleChannelRouter,
  apiKeys: apiKeysRouter,
  setup: setupRouter,
  xp: xpRouter,
  glossary: glossaryRouter,
  translationStyle: translationStyleRouter,
  exchange: exchangeRouter,
  integrations: integrationsRouter,
  whiteLabel: whiteLabelRouter,
  providerKeys: providerKeysRouter,
  exports: exportsRouter,
  status: statusRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
