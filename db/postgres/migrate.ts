import type pg from 'pg';

// Placeholder until the PostgreSQL migrations branch is merged (never committed to main as is).
export async function migratePostgres(_pool: pg.Pool): Promise<void> {
  throw new Error('PostgreSQL migrations are not merged yet');
}
