import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';

/** What to tell the user about a failed request: the server's own sentence when it has one, else the code's message. */
export function problemText(error: unknown, fallback = 'That didn’t work. Try again in a moment.'): string {
  if (!isApiProblem(error)) return fallback;
  if (error.code === 'network_error' || error.status >= 500) return messageForProblem(error);
  return error.detail && error.detail !== error.code ? error.detail : messageForProblem(error);
}
