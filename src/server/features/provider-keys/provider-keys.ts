import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { guildProviderKeys, providerKeyUsage } from '../../../../db/schema';
import type {
  ProviderKeyInput,
  ProviderKeyKind,
  ProviderKeyView,
} from '../../../common/provider-keys/schemas';
import type { Env } from '../../core/env';
import { ensureGuild } from '../../core/guilds';
import { monthKey } from '../../translation/accounting';
import type { OwnProviderSource } from '../../translation/own';
import { createDeepLProvider } from '../../translation/providers/deepl';
import { createGeminiProvider } from '../../translation/providers/gemini';
import { createOpenAIProvider } from '../../translation/providers/openai';
import { PrivateAddressError, publicFetch } from '../../translation/providers/public-fetch';
import { type Provider, ProviderHttpError } from '../../translation/providers/types';
import { NO_SECRET_REASON, open, type Secrets, seal, secretFor, secretsFrom } from './crypto';

/**
 * A server's own translation provider key (issue 28): checked with one small call to the provider
 * before it is kept (nothing is written when the provider refuses it), kept encrypted (crypto.ts),
 * shown only as its last 4 characters, deleted (the row) when removed. The engine reads it through
 * ownProviderSource (src/server/translation/own.ts), decrypting once per saved version.
 */

type Row = typeof guildProviderKeys.$inferSelect;
type Settings = { provider: ProviderKeyKind; model: string | null; baseUrl: string | null };

/** How long the check of a pasted key may take. */
const CHECK_TIMEOUT_MS = 10_000;

/** The provider a key speaks to; GEMINI_BASE_URL / DEEPL_SERVER_URL apply as for the operator's (tests: fakes). */
export function providerFor(env: Env, s: Settings, key: string): Provider {
  if (s.provider === 'gemini') {
    return createGeminiProvider({
      apiKey: key,
      model: s.model ?? 'gemini-2.5-flash',
      baseUrl: env.GEMINI_BASE_URL,
    });
  }
  if (s.provider === 'openai') {
    return createOpenAIProvider({
      baseUrl: s.baseUrl as string,
      apiKey: key,
      model: s.model as string,
      // An address a server's admin typed: public addresses only, unless the operator allows others.
      ...(env.PROVIDER_KEY_PRIVATE_URLS ? {} : { fetch: publicFetch }),
    });
  }
  return createDeepLProvider({ apiKey: key, serverUrl: env.DEEPL_SERVER_URL });
}

function requireSecrets(env: Env): Secrets {
  const secrets = secretsFrom(env);
  if (!secrets) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: NO_SECRET_REASON });
  return secrets;
}

/** One small authenticated call with the pasted key; a clear 400 when the provider refuses it. */
export async function checkKey(provider: Provider): Promise<void> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), CHECK_TIMEOUT_MS);
  try {
    await provider.probe?.(ac.signal);
  } catch (err) {
    if (err instanceof PrivateAddressError) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `baseUrl: ${err.message}. Nothing was saved.` });
    }
    const status = err instanceof ProviderHttpError ? err.status : null;
    const refused =
      status === 401 || status === 403 || (status === 400 && /key/i.test((err as Error).message));
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: refused
        ? `key: the provider refused this key (HTTP ${status}); check it and paste it again. Nothing was saved.`
        : ac.signal.aborted
          ? `key: the provider did not answer the check within ${CHECK_TIMEOUT_MS / 1000} s. Nothing was saved.`
          : `key: the provider could not check this key (${(err as Error).message}). Nothing was saved.`,
    });
  } finally {
    clearTimeout(timer);
  }
}

export async function readProviderKey(db: Db, guildId: string): Promise<Row | undefined> {
  return await db.select().from(guildProviderKeys).where(eq(guildProviderKeys.guildId, guildId)).get();
}

export async function ownUsage(db: Db, guildId: string, now: Date): Promise<number> {
  const row = await db
    .select({ n: providerKeyUsage.count })
    .from(providerKeyUsage)
    .where(and(eq(providerKeyUsage.guildId, guildId), eq(providerKeyUsage.month, monthKey(now))))
    .get();
  return row?.n ?? 0;
}

export async function viewOf(db: Db, env: Env, guildId: string, now: Date): Promise<ProviderKeyView> {
  const secrets = secretsFrom(env);
  const row = await readProviderKey(db, guildId);
  return {
    available: secrets !== null,
    unavailableReason: secrets ? null : NO_SECRET_REASON,
    key: row
      ? {
          provider: row.provider,
          model: row.model,
          baseUrl: row.baseUrl,
          last4: row.last4,
          allowFallback: row.allowFallback,
          updatedAt: row.updatedAt.toISOString(),
          readable: secrets !== null && secretFor(row, secrets) !== null,
        }
      : null,
    usedThisMonth: await ownUsage(db, guildId, now),
  };
}

/** Checks the key with the provider, then keeps it encrypted; a refused key writes nothing. */
export async function saveProviderKey(
  db: Db,
  env: Env,
  guildId: string,
  input: ProviderKeyInput & { allowFallback: boolean },
  now: Date,
): Promise<void> {
  const secrets = requireSecrets(env);
  const settings: Settings = {
    provider: input.provider,
    model: 'model' in input ? (input.model ?? null) : null,
    baseUrl: input.provider === 'openai' ? input.baseUrl : null,
  };
  await checkKey(providerFor(env, settings, input.key));
  const set = {
    ...settings,
    ...seal(input.key, secrets, guildId),
    last4: input.key.slice(-4),
    allowFallback: input.allowFallback,
    updatedAt: now,
  };
  await ensureGuild(db, guildId);
  await db
    .insert(guildProviderKeys)
    .values({ guildId, ...set, createdAt: now })
    .onConflictDoUpdate({ target: guildProviderKeys.guildId, set })
    .run();
}

/** Whether the operator's provider may answer when the server's own fails; false when there is no key. */
export async function setFallback(db: Db, guildId: string, allowFallback: boolean, now: Date) {
  const res = await db
    .update(guildProviderKeys)
    .set({ allowFallback, updatedAt: now })
    .where(eq(guildProviderKeys.guildId, guildId))
    .run();
  return res.changes > 0;
}

/** Deletes the key (the row, ciphertext and all); the operator's provider serves the server again. */
export async function removeProviderKey(db: Db, guildId: string): Promise<boolean> {
  const res = await db.delete(guildProviderKeys).where(eq(guildProviderKeys.guildId, guildId)).run();
  return res.changes > 0;
}

/**
 * The engine's view of the servers' keys (own.ts): the version is the row's update time (one read
 * by primary key per call); the key is decrypted only when it changes. A key that cannot be read
 * (the secret unset or rotated away) leaves the server on the operator's provider, and says so once.
 */
export function ownProviderSource(db: Db, env: Env): OwnProviderSource {
  const secrets = secretsFrom(env);
  const warned = new Set<string>();
  return {
    async version(guildId) {
      if (!secrets) return null;
      const row = await db
        .select({ at: guildProviderKeys.updatedAt, keyVersion: guildProviderKeys.keyVersion })
        .from(guildProviderKeys)
        .where(eq(guildProviderKeys.guildId, guildId))
        .get();
      if (!row || !secretFor(row, secrets)) return null;
      return String(row.at.getTime());
    },
    async load(guildId) {
      if (!secrets) return null;
      const row = await readProviderKey(db, guildId);
      if (!row) return null;
      let key: string;
      try {
        key = open(row, secrets, guildId);
      } catch (err) {
        if (!warned.has(guildId)) {
          warned.add(guildId);
          console.warn(
            `provider-keys: server ${guildId}'s key cannot be decrypted (${(err as Error).message})`,
          );
        }
        return null;
      }
      return {
        provider: providerFor(env, row, key),
        version: String(row.updatedAt.getTime()),
        allowFallback: row.allowFallback,
      };
    },
  };
}
