import { Badge, Tooltip } from '@mantine/core';
import {
  type DeliveryState,
  type DeliveryVerb,
  deliveryExplanation,
  deliveryLabel,
} from '../../lib/delivery';

const COLORS: Record<DeliveryState, string> = {
  draft: 'gray',
  queued: 'blue',
  delivered: 'green',
  partial: 'orange',
  failed: 'red',
};

/**
 * Where something the dashboard asked the bot to post stands: Draft, Queued (delivered when the
 * bot connects), Posted/Sent (Discord accepted it), Partly posted, Failed. Hover explains.
 */
export function DeliveryBadge({
  state,
  verb = 'posted',
  size = 'md',
}: {
  state: DeliveryState;
  verb?: DeliveryVerb;
  size?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Tooltip label={deliveryExplanation(state, verb)} multiline w={260} openDelay={300}>
      <Badge
        color={COLORS[state]}
        variant={state === 'delivered' ? 'filled' : 'light'}
        size={size}
        data-testid="delivery-badge"
        data-state={state}
      >
        {deliveryLabel(state, verb)}
      </Badge>
    </Tooltip>
  );
}
