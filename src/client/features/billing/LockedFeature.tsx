import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CAPABILITIES, type Capability, unlockingPlan } from '../../../common/plans';
import { EmptyState } from '../../components/admin/EmptyState';

/** A capability the server's plan does not include: names the plan that unlocks it, with an upgrade button. */
export function LockedFeature({ capability, description }: { capability: Capability; description?: string }) {
  const plan = unlockingPlan(capability);
  return (
    <EmptyState
      icon={<IconLock size={28} />}
      title={`${CAPABILITIES[capability].label} needs the ${plan.name} plan`}
      description={description ?? `Upgrade this server to ${plan.name} to use it.`}
      action={
        <Button component={Link} to="/admin/settings" search={true} hash="plan">
          Upgrade to {plan.name}
        </Button>
      }
    />
  );
}
