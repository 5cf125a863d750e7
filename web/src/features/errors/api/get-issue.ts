import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { errorKeys } from './query-keys';
import type { IssueDetail } from './types';

export function getIssue(id: string, signal?: AbortSignal): Promise<IssueDetail> {
  return unwrap(api.GET('/api/v1/admin/errors/issues/{id}', { params: { path: { id } }, signal }));
}

export const issueQueryOptions = (id: string) =>
  queryOptions({ queryKey: errorKeys.issue(id), queryFn: ({ signal }) => getIssue(id, signal) });

export function useIssue(id: string) {
  return useQuery(issueQueryOptions(id));
}
