import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * The process's log (pino): one JSON object a line with a level, time, pid and message in
 * production (NODE_ENV=production, as npm start sets it, or LOG_FORMAT=json), for a log collector;
 * readable lines (pino-pretty) in development. LOG_LEVEL (trace, debug, info, warn, error; default
 * info) drops the quieter levels. Writes are synchronous, so nothing is lost at process.exit.
 * Never log message text, tokens or secrets.
 */
export function createLogger(env: Record<string, string | undefined> = process.env): Logger {
  const json = env.LOG_FORMAT ? env.LOG_FORMAT === 'json' : env.NODE_ENV === 'production';
  const level = env.LOG_LEVEL?.trim() || 'info';
  const options = { level, base: { pid: process.pid } };
  return json
    ? pino(options, pino.destination({ fd: 1, sync: true }))
    : pino(
        options,
        pretty({ sync: true, colorize: false, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
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
