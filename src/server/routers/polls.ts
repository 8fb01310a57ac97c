import { router } from '../trpc';

export const pollsRouter = router({});
