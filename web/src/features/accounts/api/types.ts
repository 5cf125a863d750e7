import type { components } from '@/lib/api/schema';

type S = components['schemas'];
export type AuthResponse = S['AuthResponse'];
export type LoginRequest = S['LoginRequest'];
export type RegisterRequest = S['RegisterRequest'];
export type Challenge = S['Challenge'];
export type ChallengePass = S['ChallengePass'];
export type CallbackResult = S['CallbackResult'];
export type UpdateMe = S['UpdateMe'];
export type CountryLists = S['CountryLists'];
export type NamedCode = S['NamedCode'];
export type AccountExport = S['AccountExport'];
export type DownloadList = S['DownloadList'];
export type DownloadItem = S['DownloadItem'];
export type DownloadSection = S['DownloadSection'];
