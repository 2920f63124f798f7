import 'server-only';
import { redirect } from 'next/navigation';
import { StaffSchema, type Staff } from '@freight/contracts/back-office';
import type { StaffPermission } from '@freight/domain/staff';
import { ApiStatusError, apiGet } from '@/lib/api/server';

export const SIGN_IN_PATH = '/back-office/sign-in';

/** The signed-in staff member (full session: password and TOTP), or null. */
export async function loadStaff(): Promise<Staff | null> {
  try {
    return await apiGet('/api/v1/back-office/me', StaffSchema);
  } catch (error) {
    if (error instanceof ApiStatusError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** A back-office page: the staff member, or a redirect to the sign-in. */
export async function requireStaffPage(): Promise<Staff> {
  const staff = await loadStaff();
  if (!staff) redirect(SIGN_IN_PATH);
  return staff;
}

/** Whether `staff` may do `permission` (the server decides again on every call). */
export function staffMay(staff: Staff, permission: StaffPermission): boolean {
  return staff.permissions.includes(permission);
}
