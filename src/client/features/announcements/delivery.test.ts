import { describe, expect, it } from 'vitest';
import { announcementDelivery } from './delivery';

describe('announcementDelivery', () => {
  it('is queued while Post Now waits for the bot, posted only when the status says so', () => {
    expect(announcementDelivery({ status: 'draft', postRequestedAt: null, postResults: null })).toBe('draft');
    expect(announcementDelivery({ status: 'draft', postRequestedAt: new Date(), postResults: null })).toBe(
      'queued',
    );
    expect(
      announcementDelivery({ status: 'posted', postRequestedAt: null, postResults: [{ ok: true }] }),
    ).toBe('delivered');
  });
  it('tells a partial failure from a total one, and a queued retry from both', () => {
    const mixed = [{ ok: true }, { ok: false }];
    expect(announcementDelivery({ status: 'failed', postRequestedAt: null, postResults: mixed })).toBe(
      'partial',
    );
    expect(
      announcementDelivery({ status: 'failed', postRequestedAt: null, postResults: [{ ok: false }] }),
    ).toBe('failed');
    expect(announcementDelivery({ status: 'failed', postRequestedAt: new Date(), postResults: mixed })).toBe(
      'queued',
    );
  });
});
