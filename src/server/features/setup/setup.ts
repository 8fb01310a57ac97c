import type { Actor } from '../../core/access';
import { isOperator as isOperatorActor } from '../../core/access';
import type { ChecklistInput, SetupChecklist } from './checklist';
import { botStep, loginStep, providerStep, stripeStep } from './config-steps';
import { channelLinkStep, commandsStep, inviteStep, permissionsStep } from './server-steps';

/**
 * The operator's setup checklist (issue 14): each step a new installation needs before the bot
 * works, whether it is done (read from the running system, so it turns green by itself), and
 * what to do. Only the operator sees environment variable names and file paths; another admin
 * (a Discord login that manages a server) sees the same steps in plain words.
 */

/** The operator of the installation (admin token or its dashboard session), from core/access. */
export function isOperator(ctx: { actor: Actor }): boolean {
  return isOperatorActor(ctx.actor);
}

export async function setupChecklist(i: ChecklistInput): Promise<SetupChecklist> {
  const steps = [
    botStep(i),
    providerStep(i),
    loginStep(i),
    stripeStep(i),
    await inviteStep(i),
    commandsStep(i),
    await permissionsStep(i),
    await channelLinkStep(i),
  ];
  return {
    operator: i.operator,
    complete: steps.every((s) => s.done || s.optional),
    steps,
  };
}

/** The last checklist test translation's failure per translator (memory only); null once one works. */
const providerErrors = new WeakMap<object, string>();

export function providerErrorOf(translator: object): string | null {
  return providerErrors.get(translator) ?? null;
}

export function recordProviderTest(translator: object, error: string | null): void {
  if (error === null) providerErrors.delete(translator);
  else providerErrors.set(translator, error);
}
