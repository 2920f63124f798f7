import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { loadProfile } from '@/features/auth/api/server';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Регистрация', robots: { index: false } };

export default async function SignUpPage() {
  if (await loadProfile().catch(() => null)) redirect('/personal-account');
  return (
    <div className={`container ${styles.page}`}>
      <SignUpForm />
    </div>
  );
}
