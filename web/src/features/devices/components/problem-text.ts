import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';

/** What to tell the user about a failed request: the server's specific detail when it has one. */
export function problemText(error: unknown, fallback = 'That didn’t work. Try again in a moment.'): string {
  if (!isApiProblem(error)) return fallback;
  return error.detail && error.code !== 'internal' ? error.detail : messageForProblem(error);
}

/** The message of a field error the server sent, if any. */
export function fieldProblem(error: unknown, field: string): string | undefined {
  if (!isApiProblem(error)) return undefined;
  return error.errors?.find((e) => e.field === field)?.message;
}
