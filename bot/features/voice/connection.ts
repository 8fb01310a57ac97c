import { type VoiceConnection, VoiceConnectionStatus } from '@discordjs/voice';

/**
 * Watching a voice connection for the ways it fails. @discordjs/voice resumes a dropped voice
 * websocket by itself (close codes below 4000, and 4015) and rejoins through the main gateway for
 * the others, except 4014 (the bot was disconnected from the channel). A server that keeps
 * closing the connection (4017: Discord requires DAVE end-to-end encryption; 4004: bad token)
 * would make it rejoin forever: after MAX_REJOINS in a row without reaching Ready, the session
 * fails with the last close code explained (src/common/voice/connection-phrases.ts).
 */

export const MAX_REJOINS = 3;

/**
 * Calls `onGiveUp` with the last close code once the connection has rejoined MAX_REJOINS times in a row
 * without becoming ready; `lastClose()` is the last voice websocket close code seen.
 */
export function watchConnection(
  connection: VoiceConnection,
  onGiveUp: (code: number) => void,
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
        onGiveUp(code);
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
