import { ActionIcon, Button, Group, Popover, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

export interface ConfirmDeleteProps {
  /** Accessible name of the trash button, e.g. "Delete link General chat". */
  label: string;
  /** The question in the confirmation, e.g. "Delete this link?". */
  question: string;
  onConfirm: () => void;
  loading?: boolean;
}

/** A trash button that asks once before deleting (a popover with Cancel and Delete). */
export function ConfirmDelete({ label, question, onConfirm, loading }: ConfirmDeleteProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label={label} openDelay={700} disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={label}
            loading={loading}
            onClick={() => setOpened((o) => !o)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={question}>
        <Text size="sm" fw={500} mb="sm">
          {question}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => setOpened(false)}>
            Cancel
          </Button>
          <Button
            size="xs"
            color="red"
            onClick={() => {
              setOpened(false);
              onConfirm();
            }}
          >
            Delete
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
