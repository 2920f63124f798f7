'use client';

import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './modal';

const loadModal = () => import('./modal').then((m) => ({ default: m.Modal }));
const Modal = lazy(loadModal);

/** Starts loading the dialog code ahead of the first open (on hover or focus of its opener). */
export const preloadModal = (): void => void loadModal();

/**
 * The same dialog as Modal, for dialogs that are not on the first screen (the support chat):
 * its code, Radix included, loads the first time it opens, so it is not part of the page's
 * first-load JavaScript. Controlled only; focus returns to whatever opened it.
 */
export function LazyModal(props: Omit<ModalProps, 'trigger' | 'defaultOpen'> & { open: boolean }) {
  const [mounted, setMounted] = useState(props.open);
  if (props.open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
