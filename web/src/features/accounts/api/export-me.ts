import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { AccountExport } from './types';

/** `GET /me/export`: everything stored about the account, as one JSON document. */
export async function exportMe(): Promise<AccountExport> {
  return unwrap(api.GET('/api/v1/me/export'));
}

export function useExportMe() {
  return useMutation({ mutationFn: exportMe });
}
