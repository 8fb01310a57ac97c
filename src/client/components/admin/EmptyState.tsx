import { Card, EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Usually the button that creates the first item. */
  action?: ReactNode;
}

/** A bordered card that says a list is empty and what to do about it. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Card withBorder radius="md" py="xl" data-testid="empty-state">
      <MantineEmptyState
        variant="light"
        icon={icon ?? <IconInbox size={28} />}
        title={title}
        description={description}
        style={{ textWrap: 'balance' }}
      >
        {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
      </MantineEmptyState>
    </Card>
  );
}
