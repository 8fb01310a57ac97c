import type { RouterOutputs } from '../../lib/router-types';

export type Announcement = RouterOutputs['announcements']['list'][number];
export type DiscordChannel = RouterOutputs['guilds']['channels'][number];
