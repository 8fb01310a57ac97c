/**
 * The text to show for a failed call: a tRPC error's message (the server formats zod issues
 * as "field: problem"), an Error's message, or a string; anything else gets a generic text.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string' && err.message) {
    return err.message;
  }
  return 'Something went wrong. Please try again.';
}
