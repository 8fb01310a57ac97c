import type { Db } from '../../../../db/client';
import type { Env } from '../../env';
import { type Translator, TranslationUnavailableError } from './types';

export * from './types';

export interface TranslatorDeps {
  db: Db;
  env: Env;
  clock: () => Date;
}

/**
 * Builds the translator from the environment. The engine issue replaces this body with the full
 * engine (providers, cache, accounting); until then no provider is wired and every call says so.
 */
export function createTranslator(_deps: TranslatorDeps): Translator {
  return {
    provider: null,
    async translate() {
      throw new TranslationUnavailableError();
    },
  };
}
