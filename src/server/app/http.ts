import type { Hono } from 'hono';
import { type AppOptions, createHttpApp } from '../core/http';
import type { Services } from '../core/services';
import { mountDiscordAuth, mountLoginLink } from '../features/auth/routes';
import { mountIntegrationHooks } from '../features/integrations/hooks';
import { restRoutes } from './rest-table';
import { appRouter, createCaller } from './router';

/**
 * The web app: core's HTTP server (core/http.ts) serving the capabilities put together here, the
 * one router, its REST table, and the routes outside tRPC and REST (login, integration hooks).
 */
export function createApp(services: Services, options: AppOptions = {}): Hono {
  return createHttpApp(
    services,
    {
      router: appRouter,
      createCaller,
      restRoutes,
      mountRoutes: (app) => {
        mountLoginLink(app, services);
        mountDiscordAuth(app, services);
        mountIntegrationHooks(app, services);
      },
    },
    options,
  );
}
