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

/**
 * A refused call's problems by field ("logChannelId", "roleRewards.0.roleId"), from the zod issues
 * a 400 carries, so a form can show each under its own field as well as in the toast. Empty for
 * any other failure.
 */
export function fieldErrors(err: unknown): Record<string, string> {
  const data =
    err && typeof err === 'object' && 'data' in err ? (err.data as { issues?: unknown } | null) : null;
  const issues = Array.isArray(data?.issues) ? data.issues : [];
  const out: Record<string, string> = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (!Array.isArray(issue.path) || typeof issue.message !== 'string') continue;
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}
