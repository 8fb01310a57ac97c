/**
 * What Reset Data leaves of a server, table by table, in the words the privacy page uses: every
 * other table holding a server's rows is emptied for it (src/server/features/settings/reset.ts; a
 * test checks each table of the schema is one or the other).
 */
export const KEPT_ON_RESET: { tables: string[]; what: string }[] = [
  { tables: ['guilds'], what: "the server's entry itself: its name, its plan and its billing customer" },
  {
    tables: ['guild_channels', 'guild_roles', 'guild_bot_permissions'],
    what: "the server's channel and role lists and the bot's permissions there, as Discord reports them",
  },
  {
    tables: ['account_managers'],
    what: 'its account manager (Ultimate), assigned by us: a name and email address of our staff',
  },
  { tables: ['channel_webhooks'], what: "the webhooks the bot made in the server's channels" },
  {
    tables: ['usage_notices'],
    what: "billing records: this month's translation count and the usage notices already sent",
  },
  {
    tables: ['queue_jobs'],
    what: 'work already queued for the bot (ids only, such as resetting its profile), deleted once done',
  },
];
