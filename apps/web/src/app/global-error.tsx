'use client';

// Only the error texts: this entry ships on every page, the whole catalogue would ship twice.
import { GLOBAL_ERROR_TEXTS as T } from '@freight/domain/texts/global-error';

/** Last-resort boundary when the root layout itself fails: plain markup, inline-safe styles. */
export default function GlobalError() {
  return (
    <html lang="ru" data-theme="dark">
      <body style={{ fontFamily: 'system-ui, sans-serif', background: '#0f1412', color: '#eef3f0', margin: 0 }}>
        <main style={{ maxWidth: 560, margin: '15vh auto', padding: 24, textAlign: 'center' }} role="alert">
          <h1>{T.errorTitle}</h1>
          <p>{T.errorSubtitle}</p>
          <a href="/" style={{ color: '#7ee2b0' }}>
            {T.goHome}
          </a>
        </main>
      </body>
    </html>
  );
}
