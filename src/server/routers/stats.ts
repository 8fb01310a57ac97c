import { router } from '../trpc';

export const statsRouter = router({});
