import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeNextPath } from '@freight/domain/safe-redirect';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import styles from '@/features/auth/components/auth.module.css';
import { getCurrentUser } from '@/lib/api/current-user';

export const metadata: Metadata = { title: 'Вход', robots: { index: false } };

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : null);

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // The only place `next` is read: a same-origin path after normalisation, else the personal account.
  const next = safeNextPath(one((await searchParams).next));
  if ((await getCurrentUser()).status === 'signed-in') redirect(next);
  return (
    <div className={`container ${styles.page}`}>
      <SignInForm next={next} />
    </div>
  );
}
