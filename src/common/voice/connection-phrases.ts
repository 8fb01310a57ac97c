import type { Phrase } from '../phrases';

/**
 * Why the bot could not join or stay in a voice channel: the {reason} of "I could not join …" and
 * the end reason of the session's row. Written in English only: a member reading another language
 * gets them translated once by the provider (the speaker, translation/phrases.ts); the row keeps
 * the English text for the dashboard. Discord's voice close codes are named VOICE_CLOSE_<code>.
 */

export const VOICE_COULD_NOT_CONNECT: Phrase = { en: 'could not connect to the voice channel: {why}' };
export const VOICE_CONNECTION_LOST: Phrase = { en: 'voice connection lost: {why}' };
export const VOICE_ENDED_BEFORE_JOIN: Phrase = { en: 'the session ended before the bot could join' };
export const VOICE_ENDED_WHILE_CONNECTING: Phrase = { en: 'ended while connecting' };

export const VOICE_CLOSE_NONE: Phrase = { en: 'no answer from Discord voice' };
export const VOICE_CLOSE_OTHER: Phrase = { en: 'Discord voice closed the connection (close code {code})' };
export const VOICE_CLOSE_4001: Phrase = {
  en: 'Discord voice did not understand the bot (unknown opcode) (close code 4001)',
};
export const VOICE_CLOSE_4002: Phrase = {
  en: 'Discord voice could not decode what the bot sent (close code 4002)',
};
export const VOICE_CLOSE_4003: Phrase = {
  en: 'Discord voice says the bot is not authenticated (close code 4003)',
};
export const VOICE_CLOSE_4004: Phrase = { en: 'Discord voice refused the bot’s token (close code 4004)' };
export const VOICE_CLOSE_4005: Phrase = {
  en: 'Discord voice says the bot authenticated twice (close code 4005)',
};
export const VOICE_CLOSE_4006: Phrase = { en: 'the voice session is no longer valid (close code 4006)' };
export const VOICE_CLOSE_4009: Phrase = { en: 'the voice session timed out (close code 4009)' };
export const VOICE_CLOSE_4011: Phrase = { en: 'Discord could not find the voice server (close code 4011)' };
export const VOICE_CLOSE_4012: Phrase = {
  en: 'Discord voice does not know the protocol the bot chose (close code 4012)',
};
export const VOICE_CLOSE_4014: Phrase = {
  en: 'the bot was disconnected from the voice channel (close code 4014)',
};
export const VOICE_CLOSE_4015: Phrase = { en: 'the voice server crashed (close code 4015)' };
export const VOICE_CLOSE_4016: Phrase = {
  en: 'Discord voice does not support the encryption mode the bot chose (close code 4016)',
};
export const VOICE_CLOSE_4017: Phrase = {
  en: 'Discord requires end-to-end encryption (DAVE) for this call (close code 4017)',
};
export const VOICE_CLOSE_4020: Phrase = { en: 'Discord voice refused a malformed request (close code 4020)' };
export const VOICE_CLOSE_4021: Phrase = { en: 'Discord voice rate-limited the bot (close code 4021)' };
export const VOICE_CLOSE_4022: Phrase = { en: 'Discord voice ended the call (close code 4022)' };
