import { loadEnv } from './env';
import { createApp, listen } from './http';
import { createServices } from './services';
import { scheduleRetention } from './services/retention';

/** Starts the product: migrates the database, serves site, dashboard, /trpc and /api, starts the bot. */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const services = createServices(env);
  if (process.argv.includes('--demo') || process.env.DEMO_DATA === '1') {
    const { seedDemo } = await import('../../db/demo');
    const summary = seedDemo(services.db, env.DEFAULT_GUILD_ID, services.clock());
    console.log(`Demo data: ${summary}`);
  }
  const retention = scheduleRetention(services.db, services.clock);
  const app = createApp(services, { clientDir: 'dist/client' });
  const server = await listen(app, env.PORT, env.HOST);
  console.log(`Listening on ${server.url} (public address ${env.PUBLIC_URL})`);
  console.log(`Translation provider: ${services.translator.provider ?? 'none configured (set GEMINI_API_KEY or OPENAI_BASE_URL)'}`);
  console.log(
    `Dashboard login: ${env.PUBLIC_URL}/login?token=${services.adminToken}${env.ADMIN_TOKEN ? '' : ' (generated token, kept beside the database as admin-token)'}`,
  );

  // Contact messages not yet forwarded by email (SMTP_URL, CONTACT_TO) are retried with backoff.
  const { startContactForwarding } = await import('./services/contact');
  const stopForwarding = startContactForwarding(services.db, env, services.clock);

  const { startBot } = await import('../../bot/client');
  const bot = await startBot(services);

  const stop = async () => {
    console.log('Shutting down');
    retention.stop();
    stopForwarding();
    await bot?.stop();
    await server.close();
    services.db.$client.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
