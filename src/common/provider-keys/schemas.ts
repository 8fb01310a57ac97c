import { z } from 'zod';

/** A server's own translation provider (issue 28): which one, and the key an admin pastes once. */
export const PROVIDER_KEY_KINDS = ['gemini', 'openai', 'deepl'] as const;
export type ProviderKeyKind = (typeof PROVIDER_KEY_KINDS)[number];

export const PROVIDER_KEY_LABELS: Record<ProviderKeyKind, string> = {
  gemini: 'Google Gemini',
  openai: 'OpenAI-compatible server',
  deepl: 'DeepL',
};

/** What a model name may look like (Gemini's "gemini-2.5-flash", Ollama's "llama3.1:8b", "org/model"). */
const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

const key = z
  .string({ error: 'key: paste the provider key' })
  .trim()
  .min(8, 'key: too short to be a provider key')
  .max(512, 'key: at most 512 characters')
  .refine((v) => !/\s/.test(v), 'key: a provider key has no spaces or line breaks');

const model = z
  .string()
  .trim()
  .regex(MODEL, 'model: letters, digits and . _ : / - only (e.g. gemini-2.5-flash)');

const baseUrl = z
  .string({ error: 'baseUrl: the server address is needed' })
  .trim()
  .max(500, 'baseUrl: at most 500 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'baseUrl: an http(s) URL without a user or password, e.g. https://api.openai.com/v1');

const allowFallback = z.boolean().default(false);

/** PUT /api/provider-key: the provider, its settings and the key (checked with the provider before it is kept). */
export const providerKeyInput = z.discriminatedUnion(
  'provider',
  [
    z.object({ provider: z.literal('gemini'), key, model: model.default('gemini-2.5-flash'), allowFallback }),
    z.object({ provider: z.literal('openai'), key, baseUrl, model, allowFallback }),
    z.object({ provider: z.literal('deepl'), key, allowFallback }),
  ],
  { error: 'provider: one of gemini, openai, deepl' },
);
export type ProviderKeyInput = z.input<typeof providerKeyInput>;

/** PATCH /api/provider-key: whether the operator's provider may answer when the server's own fails. */
export const providerKeyFallbackInput = z.object({
  allowFallback: z.boolean({ error: 'allowFallback: true or false' }),
});

/** What the dashboard and the API show: never the key, only its last 4 characters. */
export interface ProviderKeyView {
  /** PROVIDER_KEY_SECRET is set on this deployment (else the feature is off and says why). */
  available: boolean;
  /** Why it is off, when it is. */
  unavailableReason: string | null;
  key: {
    provider: ProviderKeyKind;
    model: string | null;
    baseUrl: string | null;
    last4: string;
    allowFallback: boolean;
    updatedAt: string;
    /** False when the key was encrypted under a secret this deployment no longer has: paste it again. */
    readable: boolean;
  } | null;
  /** Translations answered on the server's own key this month (not counted against the allowance). */
  usedThisMonth: number;
}
