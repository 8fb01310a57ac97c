import type { RouterOutputs } from '../../lib/router-types';

export type Learner = RouterOutputs['learning']['learners'][number];
