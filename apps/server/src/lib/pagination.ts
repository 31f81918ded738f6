/** Page arithmetic shared by every list: offset for SQL, and the numbers answers report. */
export function pageOf(page: number, limit: number, totalRecords: number) {
  const totalPages = Math.ceil(totalRecords / limit);
  return { offset: (page - 1) * limit, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

/** A LIKE pattern matching `term` anywhere, with the pattern's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
