import type { RouterOutputs } from '../router-types';

export type VoiceSession = RouterOutputs['voice']['sessions'][number];
