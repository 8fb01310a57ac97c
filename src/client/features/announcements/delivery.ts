import type { DeliveryState } from '../../lib/delivery';

interface Deliverable {
  status: string;
  postRequestedAt: Date | string | null;
  postResults: { ok: boolean }[] | null;
}

/** Where an announcement stands: draft, queued for the bot, posted, partly posted or failed. */
export function announcementDelivery(a: Deliverable): DeliveryState {
  if (a.status === 'posted') return 'delivered';
  if (a.postRequestedAt) return 'queued';
  if (a.status === 'failed') return (a.postResults ?? []).some((r) => r.ok) ? 'partial' : 'failed';
  return 'draft';
}
