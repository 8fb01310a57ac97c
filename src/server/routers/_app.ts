import { createCallerFactory, router } from '../trpc';
import { analyticsRouter } from './analytics';
import { announcementsRouter } from './announcements';
import { apiKeysRouter } from './api-keys';
import { authRouter } from './auth';
import { billingRouter } from './billing';
import { botRouter } from './bot';
import { channelsRouter } from './channels';
import { communityRouter } from './community';
import { configRouter } from './config';
import { contactRouter } from './contact';
import { discordRouter } from './discord';
import { exchangeRouter } from './exchange';
import { gatewayRouter } from './gateway';
import { glossaryRouter } from './glossary';
import { learningRouter } from './learning';
import { memberRolesRouter } from './member-roles';
import { moderationRouter } from './moderation';
import { pollsRouter } from './polls';
import { reactionRolesRouter } from './reaction-roles';
import { setupRouter } from './setup';
import { singleChannelRouter } from './single-channel';
import { siteRouter } from './site';
import { statsRouter } from './stats';
import { ticketsRouter } from './tickets';
import { translationRouter } from './translation';
import { translationStyleRouter } from './translation-style';
import { usageRouter } from './usage';
import { voiceRouter } from './voice';
import { welcomeRouter } from './welcome';
import { xpRouter } from './xp';

/** The one router that holds every behaviour (DESIGN.md). */
export const appRouter = router({
  auth: authRouter,
  site: siteRouter,
  stats: statsRouter,
  billing: billingRouter,
  contact: contactRouter,
  translation: translationRouter,
  channels: channelsRouter,
  polls: pollsRouter,
  welcome: welcomeRouter,
  reactionRoles: reactionRolesRouter,
  moderation: moderationRouter,
  analytics: analyticsRouter,
  config: configRouter,
  announcements: announcementsRouter,
  discord: discordRouter,
  tickets: ticketsRouter,
  learning: learningRouter,
  voice: voiceRouter,
  usage: usageRouter,
  bot: botRouter,
  gateway: gatewayRouter,
  singleChannel: singleChannelRouter,
  community: communityRouter,
  memberRoles: memberRolesRouter,
  apiKeys: apiKeysRouter,
  setup: setupRouter,
  xp: xpRouter,
  glossary: glossaryRouter,
  translationStyle: translationStyleRouter,
  exchange: exchangeRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
