import type { components } from '@/lib/api/schema';

type S = components['schemas'];

export type IssueList = S['IssueList'];
export type IssueSummary = S['IssueSummary'];
export type IssueDetail = S['IssueDetail'];
export type EventDetail = S['EventDetail'];
export type ExceptionInfo = S['ExceptionInfo'];
export type Breadcrumb = S['Breadcrumb'];
export type ReleaseList = S['ReleaseList'];
export type RouteList = S['RouteList'];
