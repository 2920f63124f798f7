'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import styles from './navigation-progress.module.css';

type State = 'idle' | 'running' | 'done';

/** Whether a click on this link starts a client navigation to another page of the site. */
function isPageNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const url = new URL(link.href, window.location.href);
  return (
    url.origin === window.location.origin &&
    (url.pathname !== window.location.pathname || url.search !== window.location.search)
  );
}

/**
 * The top progress bar of spec §9 (4 px, brand colour) during page-to-page navigation: starts on
 * a click on a link to another page of the site or a GET form submission, finishes when the new
 * address renders. A few hundred bytes instead of a progress library on every page (decision 009).
 */
export function NavigationProgress({ color, height }: { color: string; height: number }) {
  const address = `${usePathname()}?${useSearchParams().toString()}`;
  const [run, setRun] = useState<{ state: State; from: string }>({ state: 'idle', from: address });
  const current = useRef(address);
  useEffect(() => {
    current.current = address;
  }, [address]);

  // The new address has rendered: finish (derived during render, no extra effect pass).
  if (run.state === 'running' && run.from !== address) setRun({ state: 'done', from: address });

  useEffect(() => {
    const start = () => setRun({ state: 'running', from: current.current });
    const onClick = (event: MouseEvent) => {
      if (isPageNavigation(event)) start();
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      if (form && form.method.toLowerCase() === 'get' && !event.defaultPrevented) start();
    };
    // Bubbling phase: a handler that cancels the navigation has run by then.
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('submit', onSubmit);
    };
  }, []);

  useEffect(() => {
    if (run.state !== 'done') return;
    const timer = setTimeout(() => setRun((r) => ({ ...r, state: 'idle' })), 450);
    return () => clearTimeout(timer);
  }, [run.state]);

  const style = { '--progress-color': color, '--progress-height': `${height}px` } as CSSProperties;
  return (
    <div
      className={styles.bar}
      data-state={run.state}
      style={style}
      aria-hidden="true"
      data-testid="navigation-progress"
    />
  );
}
