// A worker process for test/queue/queue.test.ts: claims jobs from the SQLite file in DATABASE_PATH
// one at a time until the queue is empty, completes each, and prints the ids it took (JSON). The test
// runs it from its bundle (builtScriptArgs, test/helpers/built-server.ts).
import { openDb } from '../../db/client';
import { createQueue } from '../../src/server/core/queue';

const db = await openDb(process.env.DATABASE_URL ?? process.env.DATABASE_PATH ?? '');
const queue = createQueue(db, () => new Date());
const owner = `child-${process.pid}`;
const taken: number[] = [];
let empty = 0;
while (empty < 20) {
  const jobs = await queue.claim({ owner, shards: null, total: 1, limit: 1 });
  if (jobs.length === 0) {
    empty++;
    await new Promise((r) => setTimeout(r, 5));
    continue;
  }
  empty = 0;
  for (const job of jobs) {
    taken.push(job.id);
    if (!(await queue.complete(job.id, owner))) throw new Error(`job ${job.id} could not be completed`);
  }
}
await db.$close();
process.stdout.write(JSON.stringify(taken));
