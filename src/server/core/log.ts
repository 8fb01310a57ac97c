import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/**
 * How the process writes its log. LOG_FORMAT=json|pretty decides when set. Otherwise a terminal
 * (stdout is a TTY: someone running `npm start` or `npm run dev` and reading) gets readable,
 * coloured lines, whatever NODE_ENV says; output going elsewhere (a pipe, a file, a service
 * manager's log, a container) is JSON in production (NODE_ENV=production, as npm start sets) and
 * readable lines in development (tests read those).
 */
export function logFormat(env: Record<string, string | undefined>, stdoutIsTTY: boolean): LogFormat {
  const chosen = env.LOG_FORMAT?.trim();
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  if (stdoutIsTTY) return 'pretty';
  return env.NODE_ENV === 'production' ? 'json' : 'pretty';
}

/**
 * The process's log (pino): one JSON object a line with a level, time, pid and message for a log
 * collector, or readable lines (pino-pretty: `[12:00:00.000] INFO: Listening on …`, coloured in a
 * terminal), as logFormat decides. LOG_LEVEL (trace, debug, info, warn, error; default info) drops
 * the quieter levels. Writes are synchronous, so nothing is lost at process.exit. Never log message
 * text, tokens or secrets.
 */
export function createLogger(
  env: Record<string, string | undefined> = process.env,
  stdoutIsTTY = Boolean(process.stdout.isTTY),
): Logger {
  const level = env.LOG_LEVEL?.trim() || 'info';
  const options = { level, base: { pid: process.pid } };
  return logFormat(env, stdoutIsTTY) === 'json'
    ? pino(options, pino.destination({ fd: 1, sync: true }))
    : pino(
        options,
        pretty({
          sync: true,
          colorize: stdoutIsTTY,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
        }),
      );
}

/**
 * Sends console.log/info/warn/error/debug of this process through the logger at the matching
 * level, so every existing message (bot, queue, features) becomes a structured line. An Error
 * argument keeps its stack under `err`.
 */
export function routeConsole(logger: Logger): void {
  const route =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const err = args.find((a): a is Error => a instanceof Error);
      const msg = format(...args.filter((a) => a !== err), ...(err ? [err.message] : []));
      if (err) logger[level]({ err }, msg);
      else logger[level](msg);
    };
  console.debug = route('debug');
  console.log = route('info');
  console.info = route('info');
  console.warn = route('warn');
  console.error = route('error');
}
