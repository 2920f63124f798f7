import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { clientProfiles } from '../schema/profiles';
import { staffUsers } from '../schema/staff';
import { DEMO_COMPANY } from './demo-cargo';

/**
 * The TOTP seed of every demo staff account (base32). DEMO ONLY: it is printed in the README so
 * anyone can add it to an authenticator app (or compute codes with `npx otpauth`-like tools); a
 * real deployment never seeds staff, its administrator adds them and each enrols their own app.
 */
export const DEMO_STAFF_TOTP_SECRET = 'MAGISTRALDEMOTOTPSECRETXYZ234567';

/** The demo staff of the quick start (README «Back-office»). DEMO_MODE only. */
export const DEMO_STAFF = [
  { login: 'operator', password: 'Operator-2026', name: 'Ольга Смирнова', role: 'operator' },
  { login: 'admin', password: 'Admin-2026', name: 'Игорь Петров', role: 'admin' },
  {
    login: 'manager',
    password: 'Manager-2026',
    name: 'Анна Кузнецова',
    role: 'client_manager',
    phone: '+74951234570',
    email: 'a.kuznetsova@magistral.example',
    workHours: 'Пн–Пт 9:00–18:00 (МСК)',
    messenger: 'Telegram: @magistral_anna',
  },
  { login: 'editor', password: 'Editor-2026', name: 'Мария Соколова', role: 'content_editor' },
] as const;

/**
 * Brings the demo staff to the documented logins, passwords, roles and TOTP seed on every start
 * (idempotent), enrolled already, and makes the client manager the personal manager of the demo
 * company.
 */
export async function seedDemoStaff(
  db: Database,
  options: { hashPassword: (password: string) => Promise<string> },
): Promise<void> {
  let managerId: number | null = null;
  for (const member of DEMO_STAFF) {
    const passwordHash = await options.hashPassword(member.password);
    const values = {
      name: member.name,
      role: member.role,
      passwordHash,
      totpSecret: DEMO_STAFF_TOTP_SECRET,
      totpEnrolledAt: new Date(),
      disabledAt: null,
      phone: 'phone' in member ? member.phone : null,
      email: 'email' in member ? member.email : null,
      workHours: 'workHours' in member ? member.workHours : null,
      messenger: 'messenger' in member ? member.messenger : null,
    };
    const [existing] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.login}) = ${member.login}`);
    let id: number;
    if (existing) {
      await db.update(staffUsers).set(values).where(eq(staffUsers.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await db
        .insert(staffUsers)
        .values({ login: member.login, ...values })
        .returning({ id: staffUsers.id });
      id = row!.id;
    }
    if (member.role === 'client_manager') managerId = id;
  }
  if (managerId !== null) {
    await db.update(clientProfiles).set({ managerStaffId: managerId }).where(eq(clientProfiles.inn, DEMO_COMPANY.inn));
  }
}
