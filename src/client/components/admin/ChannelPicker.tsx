import { Group, Select, type SelectProps } from '@mantine/core';
import { IconHash, IconMessages } from '@tabler/icons-react';
import { type ChannelKind, FORUM_TYPE } from '../../../common/schemas/discord-refs';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';
import { unknownChannelLabel } from './names';
import { savedOptionLabel } from './saved-option';
import { keyboardPick } from './keyboard-pick';

export interface ChannelPickerProps {
  label: string;
  value: string;
  onChange: (channelId: string) => void;
  /** What the field accepts (the server checks the same kind): a text channel unless said. */
  kind?: ChannelKind;
  description?: string;
  /** The server's word on the value (a refused save). */
  error?: string;
  placeholder?: string;
  required?: boolean;
  'aria-label'?: string;
  /** Lists the channels under a heading per type (text channels, forums). */
  grouped?: boolean;
}

/** The heading a channel type is listed under in a grouped picker. */
function groupOf(type: number): string {
  if (type === FORUM_TYPE) return 'Forums';
  if (type === 5) return 'Announcement channels';
  return 'Text channels';
}

/** Discord's icon of a channel: a forum's speech bubbles, a text channel's `#`. */
function ChannelIcon({ forum }: { forum: boolean }) {
  return forum ? (
    <IconMessages size={14} aria-hidden data-icon="forum" />
  ) : (
    <IconHash size={14} aria-hidden data-icon="text" />
  );
}

const SHORT_NOUNS: Record<ChannelKind, string> = {
  text: 'text channel',
  privateThreads: 'text channel',
  textOrThread: 'text channel or thread',
  textOrForum: 'text or forum channel',
  any: 'channel',
};

/** Said under a picker while the server has no synced channel of the kind it needs. */
export function noChannelsNote(kind: ChannelKind): string {
  return `No ${SHORT_NOUNS[kind]} of this server is known yet: the bot lists them while it is connected.`;
}

/**
 * A channel of the current guild, picked by name among the channels the bot synced that the field
 * accepts (guilds.channels with the field's kind): the server refuses any other id, so none can
 * be typed. A saved id that is no longer among them stays shown, to be replaced or cleared.
 */
export function ChannelPicker(props: ChannelPickerProps) {
  const guildId = useGuildId();
  const kind = props.kind ?? 'text';
  const channels = trpc.guilds.channels.useQuery({ guildId, kind }, { staleTime: 60_000 });
  const list = channels.data ?? [];
  const { label, value, onChange, description, placeholder, required } = props;
  const none = channels.isSuccess && list.length === 0;

  // A forum is named as Discord names it, without the text channel's `#`, and shown with its icon.
  const forums = new Set(list.filter((c) => c.type === FORUM_TYPE).map((c) => c.id));
  const options = list.map((c) => ({
    value: c.id,
    label: forums.has(c.id) ? c.name : `#${c.name}`,
    group: groupOf(c.type),
  }));
  const renderOption: SelectProps['renderOption'] = ({ option }) =>
    forums.has(option.value) ? (
      <Group gap={6} wrap="nowrap">
        <ChannelIcon forum />
        {option.label}
      </Group>
    ) : (
      option.label
    );
  const saved =
    value && !list.some((c) => c.id === value)
      ? [{ value, label: savedOptionLabel(value, channels, 'channel') }]
      : [];
  const groups = [...new Set(options.map((o) => o.group))];
  const data = props.grouped
    ? [
        ...saved,
        ...groups.map((group) => ({
          group,
          items: options.filter((o) => o.group === group).map(({ value, label }) => ({ value, label })),
        })),
      ]
    : [...saved, ...options.map(({ value, label }) => ({ value, label }))];
  return (
    <Select
      {...keyboardPick(value)}
      label={label}
      aria-label={props['aria-label']}
      description={none ? noChannelsNote(kind) : description}
      placeholder={none ? 'No channel to pick yet' : (placeholder ?? 'Pick a channel')}
      required={required}
      disabled={none && !value}
      searchable
      clearable
      nothingFoundMessage="No channel of that name"
      leftSection={<ChannelIcon forum={forums.has(value)} />}
      renderOption={renderOption}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * `#name` of a channel id when the guild's channel list knows it, else "Unknown channel …123456"
 * (never a bare id shown as if it were a name).
 */
export function useChannelName(): (channelId: string) => string {
  const guildId = useGuildId();
  // Every kind (voice and forum channels too): a name is shown wherever the bot synced one.
  const channels = trpc.guilds.channels.useQuery({ guildId, kind: 'any' }, { staleTime: 60_000 });
  const names = new Map((channels.data ?? []).map((c) => [c.id, c.name]));
  return (id: string) => {
    const name = names.get(id);
    return name ? `#${name}` : unknownChannelLabel(id);
  };
}
