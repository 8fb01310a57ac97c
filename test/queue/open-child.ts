// A process for test/queue/queue.test.ts: at START_AT (ms), opens and migrates the SQLite file in
// DATABASE_PATH, so that several processes migrate the same new file at the same moment. The test runs
// it from its bundle (builtScriptArgs, test/helpers/built-server.ts).
import { openDb } from '../../db/client';

const at = Number(process.env.START_AT ?? 0);
while (Date.now() < at) await new Promise((r) => setTimeout(r, 1));
await (await openDb(process.env.DATABASE_URL ?? process.env.DATABASE_PATH ?? '')).$close();
process.stdout.write('opened');
