import type { Capability } from '../../../common/plans';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/**
 * Whether the current server's plan unlocks a capability: undefined while the plan loads.
 * Screens show <LockedFeature capability=… /> when it is false.
 */
export function useCapability(capability: Capability): boolean | undefined {
  const guildId = useGuildId();
  const plan = trpc.billing.plan.useQuery({ guildId });
  return plan.data?.capabilities[capability];
}
