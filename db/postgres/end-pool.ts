import type pg from 'pg';

/**
 * Ends a `pg` pool and resolves once every connection has really closed. `pool.end()` alone
 * resolves as soon as each connection was asked to close; a server that drops the database
 * right after (`drop database … with (force)`) can then still send a connection its
 * "terminating connection" error, which the pool re-emits as an 'error' event.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}
