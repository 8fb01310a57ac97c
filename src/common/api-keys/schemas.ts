import { z } from 'zod';

/** POST /api/api-keys: a name that says what the key is for. */
export const apiKeyCreate = z.object({
  name: z.string().trim().min(1, 'give the key a name (what uses it)').max(60, 'at most 60 characters'),
});
