'use client';

import { clsx } from 'clsx';
import { lazy, Suspense, useRef, useState } from 'react';
import type { BugReportUser } from '@freight/domain/bug-report';
import { SHELL_TEXTS } from '@freight/domain/texts/shell';
// Direct module paths: this button is on every page, the kit's barrel would bring the Modal along.
import { Button, type ButtonAppearance, type ButtonSize } from '@/components/ui/button';
import { getReporter } from '../api/get-reporter';
import styles from './bug-report-button.module.css';

// The form (and zod with it) loads only when someone is about to open it, not with every page.
const BugReportModal = lazy(() => import('./bug-report-modal'));

export interface BugReportButtonProps {
  appearance?: ButtonAppearance;
  size?: ButtonSize;
  /** The header's icon button (like the theme toggle); the text stays its accessible name and tooltip. */
  compact?: boolean;
  className?: string;
}

function BugIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <rect x="7" y="7" width="10" height="13" rx="5" />
      <path d="M12 11v9M7 12H3M21 12h-4M7 17l-3 2M17 17l3 2M7.5 8.5 5 6M16.5 8.5 19 6M9 7a3 3 0 0 1 6 0" />
    </svg>
  );
}

/**
 * «Сообщить об ошибке» (spec section 2, header and error screen): opens the bug-report modal.
 * Who is reporting (a verified user needs no contact or consent) is asked when the button is
 * approached, together with loading the form, so the modal opens ready.
 */
export function BugReportButton({
  appearance = 'secondary',
  size = 'medium',
  compact = false,
  className,
}: BugReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [user, setUser] = useState<BugReportUser | null | undefined>(undefined);
  const asked = useRef<Promise<void> | null>(null);

  const prepare = () => {
    asked.current ??= getReporter().then(setUser);
    return asked.current;
  };

  const trigger = {
    'aria-haspopup': 'dialog' as const,
    onClick: () => {
      void prepare().then(() => setOpen(true));
    },
    onPointerEnter: () => void prepare(),
    onFocus: () => void prepare(),
  };

  return (
    <>
      {compact ? (
        <button type="button" className={clsx(styles.iconButton, className)} title={SHELL_TEXTS.reportBug} {...trigger}>
          <BugIcon />
          <span className={styles.hidden}>{SHELL_TEXTS.reportBug}</span>
        </button>
      ) : (
        <Button appearance={appearance} size={size} className={className} {...trigger}>
          {SHELL_TEXTS.reportBug}
        </Button>
      )}
      {user !== undefined ? (
        <Suspense fallback={null}>
          <BugReportModal
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              // Ask again next time: the visitor may have signed in meanwhile.
              if (!next) asked.current = null;
            }}
            user={user}
          />
        </Suspense>
      ) : null}
    </>
  );
}
