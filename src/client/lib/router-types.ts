import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/app/router';

/**
 * The client's one look at the server: the type of the one router (src/server/app/router.ts), a
 * type-only import that leaves no server code in the bundle. The rest of the client takes it from
 * here (test/architecture.test.ts holds it so).
 */
export type { AppRouter };

/** What each procedure answers over /trpc (dates arrive as Date objects through superjson). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
