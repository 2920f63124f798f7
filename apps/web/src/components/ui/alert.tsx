'use client';

import { UI_TEXTS } from '@freight/domain/texts/ui';

import { ALERT_CLOSE_ANIMATION_MS } from '@freight/domain/constants';
import { clsx } from 'clsx';
import { useEffect, useEffectEvent, useState } from 'react';
import type { ComponentPropsWithRef, CSSProperties, FocusEvent, MouseEvent, ReactNode } from 'react';
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from './icons';
import styles from './alert.module.css';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps extends Omit<ComponentPropsWithRef<'div'>, 'title' | 'role'> {
  /** Colour and icon; 'error' is announced assertively (role="alert"), the rest politely (role="status"). */
  variant?: AlertVariant;
  /** Bold first line. */
  title?: ReactNode;
  /** Shows the 'Закрыть' button. */
  closable?: boolean;
  /** Called once the alert has closed: after the 150 ms close animation. */
  onClose?: () => void;
  /** Closes by itself after this many ms; the countdown pauses while hovered or focused. */
  autoCloseMs?: number;
  /** Replaces the variant icon; `null` hides it. */
  icon?: ReactNode;
}

const VARIANT_ICON: Record<AlertVariant, ReactNode> = {
  info: <InfoIcon />,
  success: <CheckIcon />,
  warning: <WarningIcon />,
  error: <WarningIcon />,
};

type Phase = 'open' | 'closing' | 'closed';

/**
 * An inline message. Closing (button or auto-close) plays a 150 ms animation
 * (ALERT_CLOSE_ANIMATION_MS), then the alert renders nothing and calls onClose.
 * To show it again, mount a new one (e.g. change its `key`).
 */
export function Alert({
  variant = 'info',
  title,
  closable = false,
  onClose,
  autoCloseMs,
  icon,
  children,
  className,
  style,
  onMouseEnter,
  onMouseLeave,
  onFocus,
  onBlur,
  ...rest
}: AlertProps) {
  const [phase, setPhase] = useState<Phase>('open');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const notifyClosed = useEffectEvent(() => onClose?.());

  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(() => {
      setPhase('closed');
      notifyClosed();
    }, ALERT_CLOSE_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const paused = hovered || focused;
  useEffect(() => {
    if (autoCloseMs === undefined || phase !== 'open' || paused) return;
    const timer = setTimeout(() => setPhase('closing'), autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs, phase, paused]);

  if (phase === 'closed') return null;

  const shownIcon = icon === undefined ? VARIANT_ICON[variant] : icon;

  return (
    <div
      {...rest}
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      data-state={phase}
      className={clsx(styles.alert, styles[variant], phase === 'closing' && styles.closing, className)}
      style={{ '--alert-close-duration': `${ALERT_CLOSE_ANIMATION_MS}ms`, ...style } as CSSProperties}
      onMouseEnter={(event: MouseEvent<HTMLDivElement>) => {
        setHovered(true);
        onMouseEnter?.(event);
      }}
      onMouseLeave={(event: MouseEvent<HTMLDivElement>) => {
        setHovered(false);
        onMouseLeave?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLDivElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLDivElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        onBlur?.(event);
      }}
    >
      {shownIcon ? (
        <span className={styles.icon} aria-hidden="true">
          {shownIcon}
        </span>
      ) : null}
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.content}>{children}</div> : null}
      </div>
      {closable ? (
        <button
          type="button"
          className={styles.close}
          aria-label={UI_TEXTS.close}
          title={UI_TEXTS.close}
          disabled={phase !== 'open'}
          onClick={() => setPhase('closing')}
        >
          <CloseIcon size={18} />
        </button>
      ) : null}
    </div>
  );
}
