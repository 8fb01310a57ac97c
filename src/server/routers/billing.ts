import { router } from '../trpc';

export const billingRouter = router({});
