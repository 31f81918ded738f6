import {
  referralTreeChildrenResponseSchema,
  type ReferralTreeChildrenResponse,
} from '@ctn/contracts/referrals';
import { api } from '@/lib/api-client';

/**
 * GET /api/users/referral-tree?parentId&offset: one member's next children, with what lies
 * below them (lazy loading of large networks, beyond the spec). Called on demand by the tree,
 * which keeps what it loaded until the tree itself reloads.
 */
export async function getReferralTreeChildren(params: {
  parentId: string;
  offset: number;
  maxLevels: number;
}): Promise<ReferralTreeChildrenResponse> {
  const { data } = await api.get('/users/referral-tree', {
    query: params,
    schema: referralTreeChildrenResponseSchema,
  });
  return data;
}
