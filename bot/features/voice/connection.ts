import { type VoiceConnection, VoiceConnectionStatus } from '@discordjs/voice';

/**
 * Watching a voice connection for the ways it fails. @discordjs/voice resumes a dropped voice
 * websocket by itself (close codes below 4000, and 4015) and rejoins through the main gateway for
 * the others, except 4014 (the bot was disconnected from the channel). A server that keeps
 * closing the connection (4017: Discord requires DAVE end-to-end encryption; 4004: bad token)
 * would make it rejoin forever: after MAX_REJOINS in a row without reaching Ready, the session
 * fails with the last close code explained.
 */

export const MAX_REJOINS = 3;

/** Discord's voice close codes, in words for the session row and the /voice start reply. */
const CLOSE_CODES: Record<number, string> = {
  4001: 'Discord voice did not understand the bot (unknown opcode)',
  4002: 'Discord voice could not decode what the bot sent',
  4003: 'Discord voice says the bot is not authenticated',
  4004: 'Discord voice refused the bot’s token',
  4005: 'Discord voice says the bot authenticated twice',
  4006: 'the voice session is no longer valid',
  4009: 'the voice session timed out',
  4011: 'Discord could not find the voice server',
  4012: 'Discord voice does not know the protocol the bot chose',
  4014: 'the bot was disconnected from the voice channel',
  4015: 'the voice server crashed',
  4016: 'Discord voice does not support the encryption mode the bot chose',
  4017: 'Discord requires end-to-end encryption (DAVE) for this call',
  4020: 'Discord voice refused a malformed request',
  4021: 'Discord voice rate-limited the bot',
  4022: 'Discord voice ended the call',
};

export function closeReason(code: number | null): string {
  if (code === null) return 'no answer from Discord voice';
  return `${CLOSE_CODES[code] ?? 'Discord voice closed the connection'} (close code ${code})`;
}

/**
 * Calls `onGiveUp` with the reason once the connection has rejoined MAX_REJOINS times in a row
 * without becoming ready; `lastClose()` is the last voice websocket close code seen.
 */
export function watchConnection(
  connection: VoiceConnection,
  onGiveUp: (reason: string) => void,
): { lastClose: () => number | null } {
  let last: number | null = null;
  let gaveUp = false;
  const watch = (networking: unknown) => {
    const emitter = networking as { once?: (e: string, cb: (code: number) => void) => void } | undefined;
    emitter?.once?.('close', (code: number) => {
      last = code;
      // The library has already counted this rejoin (it handles 'close' before us).
      if (!gaveUp && code !== 4014 && connection.rejoinAttempts > MAX_REJOINS) {
        gaveUp = true;
        onGiveUp(closeReason(code));
      }
    });
  };
  connection.on('stateChange', (before, after) => {
    const was = Reflect.get(before, 'networking');
    const now = Reflect.get(after, 'networking');
    if (now && now !== was) watch(now);
    if (after.status === VoiceConnectionStatus.Ready) last = null;
  });
  watch(Reflect.get(connection.state, 'networking'));
  return { lastClose: () => last };
}
