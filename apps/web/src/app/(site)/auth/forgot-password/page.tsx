import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Восстановление пароля', robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <div className={`container ${styles.page}`}>
      <ForgotPasswordForm />
    </div>
  );
}
