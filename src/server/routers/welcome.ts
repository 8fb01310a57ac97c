import { router } from '../trpc';

export const welcomeRouter = router({});
