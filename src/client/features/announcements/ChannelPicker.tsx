import { Select, TextInput } from '@mantine/core';
import { languageName } from '../../../common/languages';
import type { DiscordChannel } from './types';

interface Props {
  language: string;
  value: string;
  onChange: (channelId: string) => void;
  /** The guild's synced channels; empty or absent: the admin types an id. */
  channels: DiscordChannel[] | undefined;
  error?: string;
}

/** The Discord channel a target language is posted to. */
export function ChannelPicker({ language, value, onChange, channels, error }: Props) {
  const label = `${languageName(language)} channel`;
  if (channels && channels.length > 0) {
    return (
      <Select
        label={label}
        placeholder="Select a channel"
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
  return (
    <TextInput
      label={label}
      placeholder="Channel ID, e.g. 123456789012345678"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      inputMode="numeric"
    />
  );
}
