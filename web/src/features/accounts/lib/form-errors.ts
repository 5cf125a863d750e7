import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';

/**
 * Puts the server's field errors onto the form's fields (first field gets focus) and returns
 * the message for the form as a whole: the problem's detail when no field took it, else the
 * catalogue message for its code. `fieldMap` renames API fields to form fields.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): string {
  if (!isApiProblem(error)) return 'Something unexpected happened. Reload the page and try again.';
  let placed = 0;
  for (const item of error.errors) {
    const field = fieldMap[item.field] ?? (fields.includes(item.field as Path<T>) ? (item.field as Path<T>) : undefined);
    if (!field) continue;
    setError(field, { type: 'server', message: item.message || messageForProblem(error) }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  if (placed > 0) return 'Some details need attention. Check the highlighted fields and try again.';
  if (error.code === 'validation_failed' && error.detail) return error.detail;
  return messageForProblem(error);
}
