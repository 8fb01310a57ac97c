import { z } from 'zod';
import { isoTime } from '../tickets/schemas';

export const VOICE_STATUSES = ['active', 'ended', 'error'] as const;
export type VoiceStatus = (typeof VOICE_STATUSES)[number];

/** PATCH /api/voice-translation/sessions/:sessionId (besides sessionId). */
export const voiceSessionUpdate = z.object({
  status: z.literal('ended', "must be 'ended' (the only change an admin can make)"),
  endedAt: isoTime,
});
