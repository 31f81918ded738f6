import { API_BASE, ApiError } from '@/lib/api-client';
import { clearToken, getToken } from '@/lib/auth-token';

/**
 * GET /api/{users,withdrawals,rewards}/admin/export, and a member's own GET /api/rewards/user/export:
 * the CSV of a list under its current filters,
 * saved as a file. The answer is CSV, not the envelope, so it is fetched here rather than through
 * `api` (with the same bearer token); a refusal is still the envelope and becomes an ApiError.
 */

export type ExportList = 'users' | 'withdrawals' | 'rewards' | 'my-rewards';

type QueryValue = string | number | null | undefined;

const PATHS: Record<ExportList, string> = {
  users: '/users/admin/export',
  withdrawals: '/withdrawals/admin/export',
  rewards: '/rewards/admin/export',
  'my-rewards': '/rewards/user/export',
};

/** `attachment; filename="users-2026-11-21.csv"` -> `users-2026-11-21.csv`. */
function filenameOf(disposition: string | null, list: ExportList): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? `${list}-${new Date().toISOString().slice(0, 10)}.csv`;
}

function urlOf(list: ExportList, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${PATHS[list]}${qs ? `?${qs}` : ''}`;
}

async function refusalOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const envelope =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code =
    typeof envelope.errorCode === 'string' ? envelope.errorCode : `HTTP_${response.status}`;
  const text =
    typeof envelope.error === 'string' && envelope.error !== ''
      ? envelope.error
      : 'The export failed. Please try again.';
  return new ApiError({ code, text, status: response.status, data: envelope.data ?? null });
}

/** Downloads the export and hands it to the browser as a file; resolves with its name. */
export async function downloadExport(
  list: ExportList,
  query: Record<string, QueryValue>,
): Promise<string> {
  const token = getToken();
  const response = await fetch(urlOf(list, query), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const error = await refusalOf(response);
    // A rejected token ends the session, as in the API client.
    if (token && response.status === 401 && getToken() === token) clearToken();
    throw error;
  }
  const filename = filenameOf(response.headers.get('content-disposition'), list);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
  return filename;
}
