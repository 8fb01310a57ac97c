import { router } from '../trpc';

export const discordRouter = router({});
