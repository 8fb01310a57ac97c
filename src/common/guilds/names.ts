/**
 * What stands for a Discord object the product has no name for (deleted, or not synced yet), on the
 * dashboard and in the server's own sentences alike: never a bare id shown as if it were a name.
 */

/** The id's last 6 digits: enough to tell two unknown members apart in a tooltip. */
export function shortId(id: string): string {
  return id.length > 6 ? `…${id.slice(-6)}` : id;
}

/** What a channel the bot has not listed (deleted, or not synced yet) is called instead of its bare id. */
export function unknownChannelLabel(id: string): string {
  return `Unknown channel ${shortId(id)}`;
}
