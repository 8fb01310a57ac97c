import { router } from '../trpc';

export const usageRouter = router({});
