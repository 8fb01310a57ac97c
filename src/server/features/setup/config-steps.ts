import { type ChecklistInput, DOCS, type SetupStep } from './checklist';

/** The checklist's steps read from the installation's configuration: bot, provider, login, Stripe. */

export function botStep(i: ChecklistInput): SetupStep {
  const { bot } = i;
  const summary =
    bot.state === 'online'
      ? `Connected${bot.tag ? ` as ${bot.tag}` : ''}.`
      : bot.state === 'not_configured'
        ? 'The bot is not configured on this installation, so nothing reaches Discord yet.'
        : bot.state === 'connecting'
          ? 'The bot is connecting to Discord.'
          : `The bot is offline${bot.reason ? `: ${bot.reason}` : ''}.`;
  return {
    key: 'bot',
    title: 'Connect the bot',
    done: bot.state === 'online',
    optional: false,
    summary,
    howTo: i.operator
      ? {
          env: ['DISCORD_TOKEN'],
          steps: [
            'Create an application in the Discord Developer Portal and copy its bot token.',
            'Turn on the Message Content and Server Members intents on its Bot page.',
            'On its Installation page, tick Guild Install and User Install (members can then use Translate Message and /translate in DMs).',
            'Set DISCORD_TOKEN in the environment (or .env) and restart the server.',
          ],
          docs: [DOCS.discord, DOCS.readme],
        }
      : null,
    action: null,
  };
}

export function providerStep(i: ChecklistInput): SetupStep {
  const done = i.provider !== null && i.providerError === null;
  return {
    key: 'provider',
    title: 'Choose a translation provider',
    done,
    optional: false,
    summary:
      i.provider === null
        ? 'No translation provider: announcements are saved untranslated and members get no translations.'
        : i.providerError
          ? `The last test translation failed: ${i.providerError}`
          : `Translations go through ${i.provider}.`,
    howTo: i.operator
      ? {
          env: ['GEMINI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODEL'],
          steps: [
            'Set GEMINI_API_KEY (Google AI Studio), or OPENAI_BASE_URL (with OPENAI_API_KEY and OPENAI_MODEL) for any OpenAI-compatible server such as OpenAI, Ollama or vLLM.',
            'Restart the server, then press Test translation.',
          ],
          docs: [DOCS.readme],
        }
      : null,
    action: null,
  };
}

export function loginStep(i: ChecklistInput): SetupStep {
  const done = Boolean(i.env.DISCORD_CLIENT_ID && i.env.DISCORD_CLIENT_SECRET);
  return {
    key: 'login',
    title: 'Let server admins log in with Discord',
    done,
    optional: true,
    summary: done
      ? 'Login with Discord is configured.'
      : 'Only the admin token opens the dashboard; server admins cannot log in with Discord yet.',
    howTo: i.operator
      ? {
          env: ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET'],
          steps: [
            "Copy the application's ID and client secret from the Developer Portal (General Information, OAuth2).",
            "Add the dashboard's OAuth2 redirect URL that the README names, set both variables and restart.",
          ],
          docs: [DOCS.discord, DOCS.readme],
        }
      : null,
    action: null,
  };
}

export function stripeStep(i: ChecklistInput): SetupStep {
  const done = Boolean(i.env.STRIPE_SECRET_KEY && i.env.STRIPE_WEBHOOK_SECRET);
  return {
    key: 'stripe',
    title: 'Take payments with Stripe',
    done,
    optional: true,
    summary: done
      ? 'Checkout and plan changes go through Stripe.'
      : 'Checkout is not available: the pricing page offers visitors a contact form instead.',
    howTo: i.operator
      ? {
          env: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PLUS', 'STRIPE_PRICE_PRO'],
          steps: [
            'Copy the secret key from the Stripe dashboard (Developers → API keys).',
            `Add a webhook endpoint ${i.env.PUBLIC_URL}/api/stripe/webhook and copy its signing secret.`,
            'Create the Plus and Pro prices and set their ids, then restart.',
          ],
          docs: [DOCS.readme],
        }
      : null,
    action: null,
  };
}
