import type { RouterOutputs } from '../router-types';

export type Learner = RouterOutputs['learning']['learners'][number];
