import { router } from '../trpc';

export const voiceRouter = router({});
