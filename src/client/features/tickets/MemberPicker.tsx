import { Avatar, Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { defaultAvatarUrl, errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';
import { keyboardPick } from '../../components/admin/keyboard-pick';

/** A member found by the search (tickets.searchMembers). */
export interface PickedMember {
  id: string;
  name: string;
  avatarUrl: string | null;
}

interface Props {
  label: string;
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  w?: number | string;
}

/** How long the admin pauses typing before Discord is asked. */
const DEBOUNCE_MS = 300;

function MemberAvatar({ member }: { member: PickedMember }) {
  return (
    <Avatar src={member.avatarUrl ?? defaultAvatarUrl(member.id)} size={20} radius="xl" alt="" aria-hidden />
  );
}

/**
 * A member of the current server, picked by name: what the admin types is searched among the
 * server's members through Discord (the start of a username or server nickname), after a short
 * pause; each match with its avatar. The server accepts no one else, so no id can be typed.
 */
export function MemberPicker({ label, value, onChange, w }: Props) {
  const guildId = useGuildId();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  // Once picked, the field shows the name: that is not a new search.
  const asking = query.length > 0 && query !== value?.name;
  const found = trpc.tickets.searchMembers.useQuery(
    { guildId, query },
    { enabled: asking, staleTime: 30_000 },
  );
  const typed = search.trim();
  const waiting = (typed !== query && typed !== value?.name) || (asking && found.isFetching);
  const members = [...(value ? [value] : []), ...(found.data ?? []).filter((m) => m.id !== value?.id)];
  const byId = new Map(members.map((m) => [m.id, m]));
  const nothing = !typed
    ? 'Type the start of a name'
    : waiting
      ? 'Searching…'
      : found.error
        ? errorMessage(found.error)
        : `No member of this server starts with "${typed}"`;
  return (
    <Select
      {...keyboardPick(value?.id)}
      label={label}
      placeholder="Search a member by name"
      size="xs"
      w={w}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // Discord already matched the names: every answer is shown as it came.
      filter={({ options }) => options}
      data={members.map((m) => ({ value: m.id, label: m.name }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      leftSection={value ? <MemberAvatar member={value} /> : undefined}
      rightSection={waiting && typed ? <Loader size={14} aria-label="Searching" /> : undefined}
      renderOption={({ option }) => {
        const member = byId.get(option.value);
        return (
          <Group gap={8} wrap="nowrap">
            {member && <MemberAvatar member={member} />}
            <Text size="sm" truncate>
              {option.label}
            </Text>
          </Group>
        );
      }}
      nothingFoundMessage={nothing}
      error={found.error && !waiting ? errorMessage(found.error) : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
