import { ACCESS_REQUEST_TEXTS } from './texts/access-request';

/**
 * Full-access requests (spec §7 user/request_access, issue 15). A request is decided by an
 * operator: approved (the profile is created or attached and the user gets full access),
 * rejected (with a reason), or sent back for corrections (with a comment). The author may edit
 * it and add files only while it is not decided, and may delete it only then too.
 */
export const ACCESS_REQUEST_STATUSES = ['pending', 'needs_changes', 'approved', 'rejected'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

export const ACCESS_REQUEST_TYPES = ['legal', 'individual'] as const;
export type AccessRequestType = (typeof ACCESS_REQUEST_TYPES)[number];

/** «На проверке», «Нужны исправления», «Одобрена», «Отклонена». */
export function accessRequestStatusLabel(status: AccessRequestStatus): string {
  return ACCESS_REQUEST_TEXTS.statuses[status];
}

/** Whether the author may still edit, add files to or delete the request. */
export function isAccessRequestOpen(status: AccessRequestStatus): boolean {
  return status === 'pending' || status === 'needs_changes';
}

/** Documents of a request: JPEG, PNG, PDF; at most 10 files, each at most 20 MB. */
export const ACCESS_REQUEST_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type AccessRequestFileType = (typeof ACCESS_REQUEST_FILE_TYPES)[number];
export const ACCESS_REQUEST_MAX_FILES = 10;
export const ACCESS_REQUEST_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The `accept` of the file input. */
export const ACCESS_REQUEST_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
/** Open (undecided) requests one user may have at a time. */
export const ACCESS_REQUEST_MAX_OPEN = 5;
