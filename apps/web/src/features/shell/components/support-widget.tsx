'use client';

import { SHELL_TEXTS } from '@freight/domain/texts/shell';

import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { SUPPORT_WIDGET_DELAY_MS } from '@freight/domain/constants';
import { EMPTY_SUPPORT_DRAFT, type SupportDraft } from './support-draft';
import styles from './support-widget.module.css';

const L = SHELL_TEXTS.support;
const FEEDBACK_HASH = '#feedback';

// The dialog (form, kit inputs, Radix, API client) loads when the button is approached or the
// #feedback anchor asks for it, not with every page: this launcher is all a page view carries.
const loadDialog = () => import('./support-dialog');
const SupportDialog = lazy(loadDialog);
const preloadDialog = () => void loadDialog();

/**
 * Support chat widget: hidden at first, the button appears SUPPORT_WIDGET_DELAY_MS after the
 * window's load event.
 * It offers messenger links and a message form that goes to user/feedback; the footer's
 * «Обратная связь» anchor (#feedback) opens it too. An external chat script can be switched
 * on with SUPPORT_CHAT_SCRIPT_URL; it loads only after the same delay, with the page's nonce.
 */
export function SupportWidget({ scriptUrl, nonce }: { scriptUrl?: string | undefined; nonce?: string | undefined }) {
  const [visible, setVisible] = useState(false);
  const [open, setOpen] = useState(false);
  // The draft lives here, outside the dialog, so closing and reopening never loses what was typed.
  const [form, setForm] = useState<SupportDraft>(EMPTY_SUPPORT_DRAFT);
  // Mounted on the first opening, then kept: Radix animates the close and the draft stays put.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  // «Appears 5 seconds after load»: counted from the window's load event, not from hydration, which
  // on a slow connection comes long before the page's images have arrived.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setVisible(true), SUPPORT_WIDGET_DELAY_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!visible || !scriptUrl) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    if (nonce) script.nonce = nonce;
    document.body.appendChild(script);
    return () => script.remove();
  }, [visible, scriptUrl, nonce]);

  useEffect(() => {
    const openFromHash = () => {
      if (window.location.hash === FEEDBACK_HASH) {
        setVisible(true);
        setOpen(true);
      }
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);

  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (!next && window.location.hash === FEEDBACK_HASH) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
  }, []);

  return (
    <>
      {visible && (
        <button
          type="button"
          className={styles.launcher}
          onClick={() => setOpen(true)}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          aria-haspopup="dialog"
          // Below 600 px only the icon shows: the name must not depend on the hidden text.
          aria-label={L.open}
          data-testid="support-widget"
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z"
              fill="currentColor"
            />
          </svg>
          <span>{L.open}</span>
        </button>
      )}
      {wanted ? (
        <Suspense fallback={null}>
          <SupportDialog open={open} onOpenChange={onOpenChange} form={form} setForm={setForm} />
        </Suspense>
      ) : null}
    </>
  );
}
