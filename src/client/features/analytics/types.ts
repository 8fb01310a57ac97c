import type { RouterOutputs } from '../router-types';

export type Analytics = RouterOutputs['analytics']['get'];
