/** The team answers (generated types of /api/openapi.json), named for the team page. */
import type { ApiAnswer, ApiBody } from '../../../lib/api.ts';

export type Team = ApiAnswer<'/api/brands/{brandId}/team'>;
export type Member = Team['members'][number];
export type Invitations = ApiAnswer<'/api/brands/{brandId}/team/invitations', 'post'>;
export type InviteBody = ApiBody<'/api/brands/{brandId}/team/invitations'>;
export type MemberChange = ApiBody<'/api/brands/{brandId}/team/members/{memberId}', 'patch'>;

export const teamKey = (brandId: number) => ['brands', brandId, 'team'] as const;
