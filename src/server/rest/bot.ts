import type { RestRoute } from '../rest';

export const routes: RestRoute[] = [];
