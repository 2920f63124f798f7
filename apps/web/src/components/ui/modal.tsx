'use client';

import { UI_TEXTS } from '@freight/domain/texts/ui';

import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import styles from './modal.module.css';

export interface ModalProps {
  /** Controlled open state; leave undefined to let the trigger open it. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the modal (rendered as is; must accept a ref, e.g. <Button>). */
  trigger?: ReactNode;
  /** Heading; also the dialog's accessible name. Required. */
  title: ReactNode;
  /** Optional text under the title; becomes the accessible description. */
  description?: ReactNode;
  /** Scrollable body. */
  children?: ReactNode;
  /** Pinned under the body (buttons). */
  footer?: ReactNode;
  /** Maximum width of the panel on wide screens (number = px). Default 560 px. */
  maxWidth?: number | string;
  /** Class of the panel. */
  className?: string;
}

/**
 * Dialog on Radix: focus trap, focus return, Escape and overlay click close it, the page behind is
 * inert and does not scroll. A centred panel on wide screens, a full-width bottom sheet below 600 px.
 */
export function Modal({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  maxWidth = 560,
  className,
}: ModalProps) {
  // Without a Radix trigger (a controlled dialog opened by our own button), Radix would leave
  // focus on <body> when it closes: remember what had focus and give it back.
  const opener = useRef<HTMLElement | null>(null);
  const panelStyle = {
    '--modal-max-width': typeof maxWidth === 'number' ? `${maxWidth}px` : maxWidth,
  } as CSSProperties;

  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={clsx(styles.panel, className)}
          style={panelStyle}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (trigger || !opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className={styles.header}>
            <div className={styles.heading}>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className={styles.description}>{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close className={styles.close} aria-label={UI_TEXTS.close} title={UI_TEXTS.close}>
              <CloseIcon size={20} />
            </Dialog.Close>
          </div>
          {children ? <div className={styles.body}>{children}</div> : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
