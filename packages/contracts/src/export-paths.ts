/**
 * Paths of the queued exports (issue 18 item 4; not in the spec). Apart from API_PATHS, which the
 * site shell's browser code carries on every public page: only the personal account needs these.
 */
export const EXPORT_PATHS = {
  /** POST: prepare the order list as a file (body: the filters of GET cargo/cargo/export) → 202. */
  exportCargoList: '/api/v1/user/exports/cargo_list',
  /** POST: prepare a reconciliation act (body: the parameters of GET settlements/reconciliation) → 202. */
  exportReconciliation: '/api/v1/user/exports/reconciliation',
  /** GET: the user's latest exports, newest first. */
  exports: '/api/v1/user/exports',
  /** GET ?id: one export (status, progress, download address when ready). */
  exportJob: '/api/v1/user/exports/job',
  /** GET ?id: the prepared file (attachment). */
  exportFile: '/api/v1/user/exports/file',
} as const;
