import type { Db } from '../../../../db/client';
import type { Env } from '../../core/env';
import type { BotStatus } from '../../core/bot-status';

/** The shape of the operator's setup checklist (setup.ts), its steps and what they are read from. */

export type SetupStepKey =
  | 'bot'
  | 'provider'
  | 'login'
  | 'stripe'
  | 'invite'
  | 'commands'
  | 'permissions'
  | 'channelLink';

export interface SetupDoc {
  label: string;
  href: string;
}

export interface SetupStep {
  key: SetupStepKey;
  title: string;
  done: boolean;
  /** Optional steps (login, billing) do not keep the checklist open. */
  optional: boolean;
  /** What the state is, in plain words. */
  summary: string;
  /** Operator only: what to set and where. null for anyone else. */
  howTo: { env: string[]; steps: string[]; docs: SetupDoc[] } | null;
  /** A link the step can be completed with (the invite link, the Channels page). */
  action: { label: string; href: string } | null;
}

export interface SetupChecklist {
  operator: boolean;
  /** Every required step is done: the dashboard hides the checklist. */
  complete: boolean;
  steps: SetupStep[];
}

/** Setup documents the server serves to the operator (src/server/core/docs.ts). */
export const DOCS = {
  readme: { label: 'README: Configuration', href: '/docs/README.md' },
  // Rendered by the site (/setup); the raw file stays at /docs/discord-setup.md.
  discord: { label: 'Setup guide (docs/discord-setup.md)', href: '/setup' },
} as const;

export interface ChecklistInput {
  db: Db;
  env: Env;
  bot: BotStatus;
  provider: string | null;
  inviteUrl: string | null;
  operator: boolean;
  /** The last test translation from the checklist, when one failed (kept in memory). */
  providerError: string | null;
}
