import { router } from '../trpc';

export const channelsRouter = router({});
