import { type Message, MessageFlags } from 'discord.js';

/** A Discord voice message's audio attachment (message flag IS_VOICE_MESSAGE, 1 << 13), or null. */
export function voiceMessageOf(message: Message) {
  if (!message.flags.has(MessageFlags.IsVoiceMessage)) return null;
  const audio = message.attachments.find((a) => (a.contentType ?? '').startsWith('audio/'));
  return audio ? { url: audio.url, contentType: audio.contentType, size: audio.size } : null;
}
