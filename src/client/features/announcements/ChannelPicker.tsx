import { Select } from '@mantine/core';
import { languageName } from '../../../common/languages';
import type { DiscordChannel } from './types';
import { keyboardPick } from '../../components/admin/keyboard-pick';

interface Props {
  language: string;
  value: string;
  onChange: (channelId: string) => void;
  /** The guild's synced text channels: the server accepts no other, so no id can be typed. */
  channels: DiscordChannel[];
  error?: string;
}

/** The Discord channel a target language is posted to. */
export function ChannelPicker({ language, value, onChange, channels, error }: Props) {
  const label = `${languageName(language)} channel`;
  const none = channels.length === 0;
  return (
    <Select
      {...keyboardPick(value)}
      label={label}
      placeholder={none ? 'No channel to pick yet' : 'Select a channel'}
      disabled={none && !value}
      data={channels.map((c) => ({ value: c.id, label: `#${c.name}` }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable
      nothingFoundMessage="No channel of that name"
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
