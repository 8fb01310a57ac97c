import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from './lib/router-types';

/** The one tRPC handle of the client: hooks such as trpc.polls.list.useQuery({ guildId }). */
export const trpc = createTRPCReact<AppRouter>();
