import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  lockedMessage,
  PLAN_ORDER,
  planIncludes,
  plansIncluding,
  unlockingPlan,
} from './plans';

describe('plan capability table', () => {
  it('each capability is included from its plan upwards and not below', () => {
    for (const [cap, { plan }] of Object.entries(CAPABILITIES)) {
      const from = PLAN_ORDER.indexOf(plan);
      PLAN_ORDER.forEach((p, i) => {
        expect(planIncludes(p, cap as keyof typeof CAPABILITIES), `${cap} on ${p}`).toBe(i >= from);
      });
    }
  });

  it('spec section 9: tickets and API access on Ultimate, voice on Pro, polls on Plus, welcome on Free', () => {
    expect(unlockingPlan('tickets').name).toBe('Ultimate');
    expect(unlockingPlan('apiAccess').name).toBe('Ultimate');
    expect(unlockingPlan('scamDetection').name).toBe('Ultimate');
    expect(unlockingPlan('voice').name).toBe('Pro');
    expect(unlockingPlan('exchange').name).toBe('Pro');
    expect(unlockingPlan('polls').name).toBe('Plus');
    expect(unlockingPlan('leveling').name).toBe('Plus');
    expect(unlockingPlan('welcome').name).toBe('Free');
    expect(lockedMessage('voice')).toBe('Voice translation needs the Pro plan');
  });

  it('names which plans include a capability, from the table (the landing cards use it)', () => {
    expect(plansIncluding('moderation')).toBe('every plan');
    expect(plansIncluding('aiModeration')).toBe('Plus and up');
    expect(plansIncluding('voice')).toBe('Pro and up');
    expect(plansIncluding('scamDetection')).toBe('Ultimate');
    expect(plansIncluding('accountManager')).toBe('Ultimate');
  });
});
