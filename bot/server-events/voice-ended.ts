import type { ServerEventHandler } from '../server-events';
import { stopSession } from '../voice/session';

/** End Session on the dashboard (the row already says ended): the bot leaves the channel. */
const handler: ServerEventHandler = {
  subscribe(ctx) {
    const listener = (e: { guildId: string; sessionId: number }) => {
      stopSession(ctx, e.sessionId, null).catch((err) =>
        console.error(`voice session ${e.sessionId}: leaving failed:`, err),
      );
    };
    ctx.services.events.on('voice:ended', listener);
    return () => ctx.services.events.off('voice:ended', listener);
  },
};
export default handler;
