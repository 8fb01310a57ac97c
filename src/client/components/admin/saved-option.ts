/**
 * The label of a saved id that is not among the server's synced channels or roles, so a picker can
 * keep showing it (to be replaced or cleared): said to be missing once the list has loaded, "Loading
 * … name…" while it loads (a bare id is never shown as if it were the name), the id itself when the
 * list could not be read.
 */
export function savedOptionLabel(
  id: string,
  list: { isSuccess: boolean; isError: boolean },
  noun: 'channel' | 'role',
): string {
  if (list.isSuccess) return `${id} (not found in this server)`;
  return list.isError ? id : `Loading ${noun} name…`;
}
