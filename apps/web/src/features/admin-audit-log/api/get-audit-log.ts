import { ADMIN_PAGE_SIZE } from '@ctn/contracts/constants';
import {
  auditLogResponseSchema,
  type AuditAction,
  type AuditLogResponse,
} from '@ctn/contracts/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/audit-log (page, limit 10, actor, action, from, to: ISO datetimes). */

export interface AuditLogParams {
  page: number;
  /** An administrator's email, or part of it. */
  actor: string;
  action: AuditAction | null;
  /** `YYYY-MM-DD`: from the start of that day (local time). */
  from: string;
  /** `YYYY-MM-DD`: to the end of that day (local time). */
  to: string;
}

/** A `YYYY-MM-DD` day of the date input as an ISO datetime: its first or last millisecond. */
export function dayBound(day: string, end: boolean): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export async function getAuditLog(
  params: AuditLogParams,
  signal?: AbortSignal,
): Promise<AuditLogResponse> {
  const { data } = await api.get('/admin/audit-log', {
    query: {
      page: params.page,
      limit: ADMIN_PAGE_SIZE,
      actor: params.actor.trim(),
      action: params.action,
      from: dayBound(params.from, false),
      to: dayBound(params.to, true),
    },
    schema: auditLogResponseSchema,
    audience: 'admin',
    signal,
  });
  return data;
}

export const auditLogKeys = {
  all: ['admin', 'audit-log'] as const,
  page: (params: AuditLogParams) => [...auditLogKeys.all, params] as const,
};

export function useAuditLog(params: AuditLogParams) {
  return useQuery(
    queryOptions({
      queryKey: auditLogKeys.page(params),
      queryFn: ({ signal }) => getAuditLog(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
