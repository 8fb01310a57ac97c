import { router } from '../trpc';

export const reactionRolesRouter = router({});
