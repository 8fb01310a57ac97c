import { Events } from 'discord.js';
import { checkEmpty } from './session';
import { defineEvent } from '../../handlers';

/** Someone joined or left a voice channel: a captioned channel left empty ends its session after a while. */
export default defineEvent(Events.VoiceStateUpdate, async (ctx, before, after) => {
  for (const channel of [before.channel, after.channel]) if (channel) checkEmpty(ctx, channel);
});
