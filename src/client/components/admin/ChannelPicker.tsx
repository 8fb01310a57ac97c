import { Select, TextInput } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

export interface ChannelPickerProps {
  label: string;
  value: string;
  onChange: (channelId: string) => void;
  description?: string;
  placeholder?: string;
  required?: boolean;
  /** Shown when the guild has no synced channels (typing an id is the fallback). */
  idPlaceholder?: string;
  'aria-label'?: string;
}

/**
 * A channel of the current guild: a searchable select of the channels the bot synced
 * (discord.channels), or a text input for the channel id when none are known.
 * An id typed earlier that is not among the synced channels stays selectable.
 */
export function ChannelPicker(props: ChannelPickerProps) {
  const guildId = useGuildId();
  const channels = trpc.discord.channels.useQuery({ guildId }, { staleTime: 60_000 });
  const list = channels.data ?? [];
  const { label, value, onChange, description, placeholder, required, idPlaceholder } = props;

  if (list.length === 0) {
    return (
      <TextInput
        label={label}
        aria-label={props['aria-label']}
        description={description}
        placeholder={idPlaceholder ?? 'Channel ID, e.g. 123456789012345678'}
        required={required}
        value={value}
        inputMode="numeric"
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }

  const data = list.map((c) => ({ value: c.id, label: `#${c.name}` }));
  if (value && !list.some((c) => c.id === value)) data.unshift({ value, label: value });
  return (
    <Select
      label={label}
      aria-label={props['aria-label']}
      description={description}
      placeholder={placeholder ?? 'Pick a channel'}
      required={required}
      searchable
      clearable
      nothingFoundMessage="No channel of that name"
      leftSection={<IconHash size={14} aria-hidden />}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** `#name` of a channel id when the guild's channel list knows it, else the id itself. */
export function useChannelName(): (channelId: string) => string {
  const guildId = useGuildId();
  const channels = trpc.discord.channels.useQuery({ guildId }, { staleTime: 60_000 });
  const names = new Map((channels.data ?? []).map((c) => [c.id, c.name]));
  return (id: string) => {
    const name = names.get(id);
    return name ? `#${name}` : id;
  };
}
