import { router } from '../trpc';

export const moderationRouter = router({});
