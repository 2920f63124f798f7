import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeNextPath } from '@freight/domain/safe-redirect';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import styles from '@/features/auth/components/auth.module.css';
import { getCurrentUser } from '@/lib/api/current-user';

export const metadata: Metadata = { title: 'Регистрация', robots: { index: false } };

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : null);

/** `next` as on the sign-in page: a same-origin path after normalisation, else the personal account. */
export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeNextPath(one((await searchParams).next));
  if ((await getCurrentUser()).status === 'signed-in') redirect(next);
  return (
    <div className={`container ${styles.page}`}>
      <SignUpForm next={next} />
    </div>
  );
}
