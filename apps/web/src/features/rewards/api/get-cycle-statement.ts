import { memberCycleStatementSchema } from '@ctn/contracts/rewards';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/rewards/user/cycles/{number} (beyond the spec): the member's own cycle statement. */
export function useCycleStatement(number: number) {
  return useQuery({
    queryKey: ['rewards', 'cycle-statement', number],
    queryFn: async ({ signal }) =>
      (
        await api.get(`/rewards/user/cycles/${number}`, {
          schema: memberCycleStatementSchema,
          signal,
        })
      ).data,
    enabled: Number.isInteger(number) && number > 0,
  });
}
