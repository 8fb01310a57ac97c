import type { inferRouterInputs } from '@trpc/server';
import type { RestRoute } from '../core/rest';
import type { AppRouter } from './router';
import { routes as analytics } from '../features/analytics/rest';
import { routes as announcements } from '../features/announcements/rest';
import { routes as apiKeys } from '../features/api-keys/rest';
import { routes as billing } from '../features/billing/rest';
import { routes as bot } from '../features/guilds/status.rest';
import { routes as channels } from '../features/channels/rest';
import { routes as config } from '../features/settings/rest';
import { routes as contact } from '../features/contact/rest';
import { routes as cases } from '../features/cases/rest';
import { routes as discord } from '../features/guilds/rest';
import { routes as exchange } from '../features/exchange/rest';
import { routes as exports } from '../features/exports/rest';
import { routes as glossary } from '../features/glossary/rest';
import { routes as learning } from '../features/learning/rest';
import { routes as moderation } from '../features/moderation/rest';
import { routes as polls } from '../features/polls/rest';
import { routes as reactionRoles } from '../features/reaction-roles/rest';
import { routes as singleChannel } from '../features/single-channel/rest';
import { routes as stats } from '../features/stats/rest';
import { routes as status } from '../features/status/rest';
import { routes as tickets } from '../features/tickets/rest';
import { routes as translation } from '../features/translation/rest';
import { routes as translationStyle } from '../features/translation-style/rest';
import { routes as usage } from '../features/usage/rest';
import { routes as voice } from '../features/voice/rest';
import { routes as welcome } from '../features/welcome/rest';
import { routes as integrations } from '../features/integrations/rest';
import { routes as providerKeys } from '../features/provider-keys/rest';
import { routes as whiteLabel } from '../features/white-label/rest';
import { routes as xp } from '../features/xp/rest';

type Inputs = inferRouterInputs<AppRouter>;
/** "domain.procedure" for every procedure of the one router. */
export type ProcedurePath = {
  [D in keyof Inputs & string]: `${D}.${keyof Inputs[D] & string}`;
}[keyof Inputs & string];

/**
 * The REST table: every capability's /api rows (src/server/features/<cap>/rest.ts), in the order
 * they are mounted. A composition file, like router.ts beside it: the one place the rows are put
 * together; the adapter that turns the table into Hono routes (rest.ts) imports no capability.
 */
export const restRoutes: RestRoute<ProcedurePath>[] = [
  ...stats,
  ...billing,
  ...contact,
  ...translation,
  ...glossary,
  ...translationStyle,
  ...channels,
  ...singleChannel,
  ...polls,
  ...welcome,
  ...reactionRoles,
  ...moderation,
  ...cases,
  ...analytics,
  ...config,
  ...announcements,
  ...discord,
  ...tickets,
  ...learning,
  ...voice,
  ...usage,
  ...xp,
  ...exchange,
  ...bot,
  ...apiKeys,
  ...integrations,
  ...whiteLabel,
  ...providerKeys,
  ...exports,
  ...status,
];
