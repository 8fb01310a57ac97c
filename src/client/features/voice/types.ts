import type { RouterOutputs } from '../../lib/router-types';

export type VoiceSession = RouterOutputs['voice']['sessions'][number];
