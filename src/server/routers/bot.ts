import { router } from '../trpc';

export const botRouter = router({});
