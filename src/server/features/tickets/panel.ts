import type { Services } from '../../core/services';

/**
 * Posting the ticket panel, one way for the dashboard (tickets.postPanel) and /ticket-panel
 * (tickets.bot.postTicketPanel): the 'tickets:panel' job, whose postId is the post's nonce so a
 * retried job posts it once. The callers have checked the channel is a text channel of the server.
 */
export async function queueTicketPanel(
  services: Pick<Services, 'events' | 'clock'>,
  guildId: string,
  channelId: string,
): Promise<void> {
  await services.events.publish('tickets:panel', { guildId, channelId, postId: services.clock().getTime() });
}
