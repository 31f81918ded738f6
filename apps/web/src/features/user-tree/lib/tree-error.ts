import { isApiError } from '@/lib/api-client';

/**
 * Member section 8, "Referral tree": the server's message or 'Failed to fetch referral tree';
 * 'Network error occurred while fetching data' when the request itself failed.
 */
export function treeErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'NETWORK_ERROR') return 'Network error occurred while fetching data';
    return error.isGeneric ? 'Failed to fetch referral tree' : error.text;
  }
  return 'Network error occurred while fetching data';
}
