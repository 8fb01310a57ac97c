import { randomBytes } from 'node:crypto';
import type { FakeDiscord } from '.';
import { type FakeMember, type Json, memberPayload } from './payloads';
import { FakeVoiceServer } from './voice';

/**
 * Joins the fake voice server to the fake Discord's main gateway, as Discord does: the bot's
 * op 4 Voice State Update is answered with a VOICE_STATE_UPDATE dispatch for the bot (its voice
 * session id) and, when it joins a channel, a VOICE_SERVER_UPDATE pointing at the voice server
 * (endpoint and token). Leaving (channel null) gets the state update only.
 */
export interface FakeVoice {
  server: FakeVoiceServer;
  /** The channel the bot asked for in each op 4, in order (null = leave). */
  botChannels: (string | null)[];
  /** A member enters a voice channel (null: leaves): VOICE_STATE_UPDATE, and op 11/13 to the bot's call. */
  memberVoice(member: FakeMember, guildId: string, channelId: string | null): void;
  /** A moderator disconnects the bot from the channel: its voice state goes null, the call closes with 4014. */
  kickBot(guildId: string): void;
  close(): Promise<void>;
}

function voiceState(
  guildId: string,
  channelId: string | null,
  member: FakeMember,
  sessionId: string,
  d: Json = {},
) {
  return {
    guild_id: guildId,
    channel_id: channelId,
    user_id: member.user.id,
    member: memberPayload(member),
    session_id: sessionId,
    deaf: false,
    mute: false,
    self_deaf: d.self_deaf ?? false,
    self_mute: d.self_mute ?? false,
    self_video: false,
    suppress: false,
    request_to_speak_timestamp: null,
  };
}

export async function startFakeVoice(fake: FakeDiscord): Promise<FakeVoice> {
  const server = await FakeVoiceServer.start();
  const botChannels: (string | null)[] = [];
  const listener = (msg: Json) => {
    if (msg.op !== 4) return;
    const d = msg.d ?? {};
    const guildId: string = d.guild_id;
    const channelId: string | null = d.channel_id ?? null;
    botChannels.push(channelId);
    if (channelId) server.channels.set(guildId, channelId);
    const botMember = fake.guilds
      .find((g) => g.id === guildId)
      ?.members.find((m) => m.user.id === fake.botUser.id);
    if (!botMember) return;
    const sessionId = server.sessions.get(guildId) ?? randomBytes(16).toString('hex');
    server.sessions.set(guildId, sessionId);
    fake.dispatch('VOICE_STATE_UPDATE', voiceState(guildId, channelId, botMember, sessionId, d));
    if (channelId) {
      fake.dispatch('VOICE_SERVER_UPDATE', {
        token: server.issueToken(guildId),
        guild_id: guildId,
        endpoint: server.endpoint,
      });
    }
  };
  fake.gateway.payloadListeners.push(listener);
  return {
    server,
    botChannels,
    memberVoice(member, guildId, channelId) {
      fake.dispatch(
        'VOICE_STATE_UPDATE',
        voiceState(guildId, channelId, member, randomBytes(16).toString('hex')),
      );
      const call = server.current(guildId);
      if (!call) return;
      if (channelId) server.clientsConnect(call, [member.user.id]);
      else call.ws.send(JSON.stringify({ op: 13, d: { user_id: member.user.id } }));
    },
    kickBot(guildId) {
      const botMember = fake.guilds
        .find((g) => g.id === guildId)
        ?.members.find((m) => m.user.id === fake.botUser.id);
      const sessionId = server.sessions.get(guildId);
      if (botMember && sessionId)
        fake.dispatch('VOICE_STATE_UPDATE', voiceState(guildId, null, botMember, sessionId));
      const call = server.current(guildId);
      if (call) server.drop(call, 4014);
    },
    async close() {
      const at = fake.gateway.payloadListeners.indexOf(listener);
      if (at >= 0) fake.gateway.payloadListeners.splice(at, 1);
      await server.close();
    },
  };
}
