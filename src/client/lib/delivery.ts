import { notifyError, notifySuccess } from './notify';

/**
 * One wording for everything the dashboard asks the bot to post (announcements, staff replies,
 * polls, reaction-role menus): "posted"/"sent" only once Discord accepted it, "queued" while the
 * bot is not connected, "failed" with the reason. Other features reuse these with DeliveryBadge.
 */
export type Delivery = 'queued' | 'delivered' | 'failed';

/** What the badge and the card show for a stored item. */
export type DeliveryState = 'draft' | 'queued' | 'delivered' | 'partial' | 'failed';

export const QUEUED_MESSAGE = 'Queued: delivered when the bot connects.';

/** "posted" for channel posts, "sent" for messages to a member. */
export type DeliveryVerb = 'posted' | 'sent';

export function deliveryLabel(state: DeliveryState, verb: DeliveryVerb = 'posted'): string {
  switch (state) {
    case 'draft':
      return 'Draft';
    case 'queued':
      return 'Queued';
    case 'delivered':
      return verb === 'posted' ? 'Posted' : 'Sent';
    case 'partial':
      return 'Partly posted';
    case 'failed':
      return 'Failed';
  }
}

export function deliveryExplanation(state: DeliveryState, verb: DeliveryVerb = 'posted'): string {
  switch (state) {
    case 'draft':
      return `Not ${verb} yet.`;
    case 'queued':
      return 'Waiting for the bot: it is delivered as soon as the bot connects, even after a restart.';
    case 'delivered':
      return verb === 'posted' ? 'Discord accepted every post.' : 'Discord delivered it.';
    case 'partial':
      return 'Some channels accepted it; the others failed (see the reasons).';
    case 'failed':
      return 'Discord refused it (see the reason).';
  }
}

/**
 * The toast after asking the bot to post or send something. `what` is the thing ("Announcement",
 * "Reply"); `detail` adds a sentence (per-channel counts, a reason).
 */
export function notifyDelivery(what: string, delivery: Delivery, verb: DeliveryVerb, detail?: string): void {
  if (delivery === 'delivered') {
    notifySuccess(`${what} ${verb}`, detail);
  } else if (delivery === 'queued') {
    notifySuccess(`${what} queued`, [QUEUED_MESSAGE, detail].filter(Boolean).join(' '));
  } else {
    notifyError(`${what} not ${verb}`, detail ?? 'Discord refused it.');
  }
}
