import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { errorKeys } from './query-keys';
import type { IssueList } from './types';

export const ISSUES_PAGE_SIZE = 50;

export function getIssues(offset: number, signal?: AbortSignal): Promise<IssueList> {
  return unwrap(
    api.GET('/api/v1/admin/errors/issues', { params: { query: { limit: ISSUES_PAGE_SIZE, offset } }, signal }),
  );
}

export const issuesQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: errorKeys.issues(offset),
    queryFn: ({ signal }) => getIssues(offset, signal),
    placeholderData: keepPreviousData,
  });

export function useIssues(offset: number) {
  return useQuery(issuesQueryOptions(offset));
}
