/**
 * Shared pieces of the admin screens (keep this API stable: other screens import it):
 * - PageHeader({ title, description?, action? })      title row of a screen
 * - StatCard({ title, value, icon, description?, trend?: { value, label } })   spec section 3's stat card
 * - EmptyState({ icon?, title, description?, action? })   a list with nothing in it
 * - StatGridSkeleton({ cards = 4 })                   loading: cards in a 1/2/4-column grid + one large block
 * - LanguageSelect({ languages, value, onChange, label, ...SelectProps })   codes shown by English name
 * - errorMessage(err: unknown): string                a failed call's message, for an error toast
 * - fieldErrors(err: unknown): { [field]: problem }   a 400's problems by field, to show under each field
 * - relativeTime(date): string                       "5 minutes ago" ('' when missing)
 * - CardListSkeleton({ count = 3, height = 120, columns = 1 })   loading: a list of cards or a form
 * - ChannelPicker({ label, value, onChange, kind?, ... })   a synced channel of the guild that the field's kind accepts
 * - keyboardPick(value)   props every Select spreads: Enter picks the highlighted option, never submits the form
 * - RolePicker({ value, onChange, kind, ... })        a synced role of the guild (kind 'assignable': one the bot can give)
 * - useChannelName(): (id) => '#name' or the id
 * - MemberName({ id, name }), useMemberNames(ids), ChannelName({ id }), useChannelLookup()   names instead of ids
 * - defaultAvatarUrl(userId)   Discord's default avatar of an account
 * - savedOptionLabel(id, list, noun)                 a picker's label for a saved id the synced list lacks
 * - ConfirmDelete({ label, question, onConfirm, loading? })   trash button that asks once
 * - BotPermissionsAlert({ features, channelIds? })   what the bot may not do for these features, and where to grant it
 * - DeliveryBadge({ state, verb? })   Draft / Queued / Posted|Sent / Partly posted / Failed (lib/delivery.ts wording)
 */
export { BotPermissionsAlert, type BotPermissionsAlertProps } from './BotPermissionsAlert';
export { CardListSkeleton } from './CardListSkeleton';
export { ChannelPicker, type ChannelPickerProps, useChannelName } from './ChannelPicker';
export { ConfirmDelete, type ConfirmDeleteProps } from './ConfirmDelete';
export { DeliveryBadge } from './DeliveryBadge';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { errorMessage, fieldErrors } from './errorMessage';
export { keyboardPick } from './keyboard-pick';
export {
  LanguageMultiSelect,
  type LanguageMultiSelectProps,
  LanguageSelect,
  type LanguageSelectProps,
} from './LanguageSelect';
export {
  ChannelName,
  defaultAvatarUrl,
  MemberName,
  shortId,
  unknownChannelLabel,
  useChannelLookup,
  useMemberNames,
} from './names';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { RolePicker, type RolePickerProps } from './RolePicker';
export { relativeTime } from './relativeTime';
export { StatCard, type StatCardProps } from './StatCard';
export { StatGridSkeleton } from './StatGridSkeleton';
export { savedOptionLabel } from './saved-option';
