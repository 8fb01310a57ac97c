import { router } from '../trpc';

export const announcementsRouter = router({});
