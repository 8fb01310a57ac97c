import type { RouterOutputs } from '../../lib/router-types';

export type Analytics = RouterOutputs['analytics']['get'];
