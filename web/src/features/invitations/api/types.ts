import type { components } from '@/lib/api/schema';

/** `GET /invitations/{token}`: who was invited, by which partner, until when, and how they sign in. */
export type Invitation = components['schemas']['InvitationDto'];
export type ClaimInvitation = components['schemas']['ClaimInvitation'];
export type AuthResponse = components['schemas']['AuthResponse'];
