import type { Phrase } from '../phrases';

/**
 * The case commands' answers to the moderator (/warn … /unban, /case, /history), in the staff
 * member's language (issue 29). English only here: every other language comes from the provider
 * once and is kept (the speaker); the bot fills the {slots} (cases.bot.staffWords).
 */
export const CASE_STAFF = {
  needsPermission: { en: '❌ /{command} needs the {permission} permission on this server.' },
  badUserId: { en: '❌ user_id: "{value}" is not a Discord user id (17 to 20 digits).' },
  twoUsers: { en: '❌ Give either a member or a user_id, not two different users.' },
  banNeedsTarget: { en: '❌ /ban needs a member or a user_id.' },
  badDuration: { en: '❌ duration: "{value}" is not a duration; write it like 10m, 2h, 3d or 1w.' },
  durationRange: { en: '❌ duration: Discord allows timeouts from 1 minute to 28 days.' },
  notAMember: { en: '❌ {member} is not a member of this server.' },
  yourself: { en: '❌ You cannot open a case against yourself.' },
  owner: { en: '❌ {name} owns this server: no one can {action} the owner.' },
  botItself: { en: '❌ I cannot act on myself.' },
  botRoleLow: {
    en: "❌ My highest role ({mine}) is not above {name}'s ({theirs}): move my role higher in Server Settings → Roles, then try again.",
  },
  moderatorRoleLow: { en: "❌ Your highest role ({mine}) is not above {name}'s ({theirs})." },
  adminTimeout: { en: '❌ {name} is an administrator: Discord does not allow timing out administrators.' },
  notBanned: { en: '❌ That user is not banned on this server.' },
  botMissingPermission: {
    en: '❌ Discord refused: I am missing the permission for this action (check my role in Server Settings → Roles).',
  },
  discordRefused: { en: '❌ Discord refused: {error}' },
  'warn.DM': { en: '✅ Case #{number}: {member} warned (member told by DM).' },
  'warn.mention': { en: '✅ Case #{number}: {member} warned (member told by mention).' },
  'warn.none': { en: '✅ Case #{number}: {member} warned (member could not be told).' },
  'timeout.DM': { en: '✅ Case #{number}: {member} timed out for {duration} (member told by DM).' },
  'timeout.mention': { en: '✅ Case #{number}: {member} timed out for {duration} (member told by mention).' },
  'timeout.none': { en: '✅ Case #{number}: {member} timed out for {duration} (member could not be told).' },
  'kick.DM': { en: '✅ Case #{number}: {member} kicked (member told by DM).' },
  'kick.none': { en: '✅ Case #{number}: {member} kicked (member could not be told).' },
  'ban.DM': { en: '✅ Case #{number}: {member} banned (member told by DM).' },
  'ban.none': { en: '✅ Case #{number}: {member} banned (member could not be told).' },
  'ban.absent': { en: '✅ Case #{number}: {member} banned (not on the server, not told).' },
  'unban.DM': { en: '✅ Case #{number}: {member} unbanned (user told by DM).' },
  'unban.none': { en: '✅ Case #{number}: {member} unbanned (user could not be told).' },
  escalationGone: { en: 'The member is no longer on the server: escalation rule #{rule} was not applied.' },
  escalationFailed: { en: 'Escalation rule #{rule} could not be applied: {error}' },
  escalatedTold: { en: 'Case #{number}: escalation rule #{rule} → {action} (member told by DM).' },
  escalatedNotTold: { en: 'Case #{number}: escalation rule #{rule} → {action} (member could not be told).' },
  noSuchCase: { en: '❌ This server has no case #{number}.' },
  caseLine: { en: '#{number} {action} {member} by {moderator} {when}: {reason}' },
  automatic: { en: 'automatic' },
  noReason: { en: 'no reason given' },
  revoked: { en: 'revoked' },
  historyEmpty: { en: '{member} has no cases on this server.' },
  historyTitle: { en: 'Cases of {member} ({count}):' },
  historyNewest: { en: 'Cases of {member} ({count}, newest {count}):' },
} satisfies Record<string, Phrase>;

export type CaseStaffWord = keyof typeof CASE_STAFF;
