import { ColorSwatch, Select, type SelectProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { RoleKind } from '../../../common/schemas/discord-refs';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';
import { savedOptionLabel } from './saved-option';
import { keyboardPick } from './keyboard-pick';

export interface RolePickerProps {
  value: string;
  onChange: (roleId: string) => void;
  /** 'assignable': a role the bot gives (integration roles left out, roles above the bot's shown disabled). */
  kind: RoleKind;
  label?: string;
  'aria-label'?: string;
  description?: string;
  /** The server's word on the value (a refused save). */
  error?: string;
  placeholder?: string;
  clearable?: boolean;
  style?: CSSProperties;
  w?: SelectProps['w'];
  /** Says under the field why it is empty while no role is known (default); a list of pickers says it once. */
  withNote?: boolean;
}

/** Said under a role picker while the server has no synced role the field accepts. */
export const NO_ROLES_NOTE = 'No role of this server is known yet: the bot lists them while it is connected.';

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/**
 * A role of the current guild, picked by name among the roles the bot synced (guilds.roles): the
 * server refuses any other id, so none can be typed. For a role the bot gives, the roles held by
 * an integration are left out and those above the bot's own are shown but cannot be picked, as the
 * server refuses them. A saved id that is no longer among them stays shown, to be replaced or
 * cleared.
 */
export function RolePicker(props: RolePickerProps) {
  const guildId = useGuildId();
  const roles = trpc.guilds.roles.useQuery({ guildId }, { staleTime: 60_000 });
  const { value, onChange, kind } = props;
  const list = (roles.data ?? []).filter((r) => kind === 'any' || !r.managed);
  const none = roles.isSuccess && list.length === 0;
  const data = list.map((r) => ({
    value: r.id,
    label: kind === 'assignable' && !r.assignable ? `${r.name} (above my role)` : r.name,
    disabled: kind === 'assignable' && !r.assignable,
  }));
  if (value && !list.some((r) => r.id === value))
    data.unshift({
      value,
      label: savedOptionLabel(value, roles, 'role'),
      disabled: false,
    });
  const color = list.find((r) => r.id === value)?.color;
  return (
    <Select
      {...keyboardPick(value)}
      label={props.label}
      aria-label={props['aria-label']}
      description={none && props.withNote !== false ? NO_ROLES_NOTE : props.description}
      placeholder={none ? 'No role to pick yet' : (props.placeholder ?? 'Pick a role')}
      disabled={none && !value}
      searchable
      clearable={props.clearable}
      nothingFoundMessage="No role of that name"
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      // 0 is Discord's "no colour".
      leftSection={color ? <ColorSwatch color={hex(color)} size={12} /> : null}
      style={props.style}
      w={props.w}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
