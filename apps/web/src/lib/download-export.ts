import { api } from '@/lib/api-client';

/**
 * GET /api/{users,withdrawals,rewards}/admin/export, and a member's own GET /api/rewards/user/export:
 * the CSV of a list under its current filters, saved as a file. It goes through the API client
 * like every call (token, refusals as ApiError); only the saving is done here.
 */

export type ExportList = 'users' | 'withdrawals' | 'rewards' | 'my-rewards';

type QueryValue = string | number | null | undefined;

const PATHS: Record<ExportList, string> = {
  users: '/users/admin/export',
  withdrawals: '/withdrawals/admin/export',
  rewards: '/rewards/admin/export',
  'my-rewards': '/rewards/user/export',
};

/** Hands the file to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
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
}

/** Downloads the export and saves it; resolves with the file's name. */
export async function downloadExport(
  list: ExportList,
  query: Record<string, QueryValue>,
): Promise<string> {
  const file = await api.download(PATHS[list], {
    query,
    accept: 'text/csv',
    audience: list === 'my-rewards' ? 'member' : 'admin',
  });
  const filename = file.filename ?? `${list}-${new Date().toISOString().slice(0, 10)}.csv`;
  saveFile(file.blob, filename);
  return filename;
}
