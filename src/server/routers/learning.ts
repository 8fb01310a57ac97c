import { router } from '../trpc';

export const learningRouter = router({});
