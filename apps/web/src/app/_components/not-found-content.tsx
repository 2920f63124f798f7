import { MESSAGES } from '@freight/domain/messages';
import type { ElementType, ReactNode } from 'react';
import styles from './status-box.module.css';

export interface NotFoundContentProps {
  /** What was not found («Новость не найдена»); the generic «Страница не найдена» by default. */
  title?: string;
  text?: string;
  /** The way back to the list the missing item belongs to, shown before «На главную». */
  back?: { href: string; label: string };
  /** What renders the links: next/link in NotFoundBox, a plain <a> (a full page load) by default. */
  anchor?: ElementType<{ className?: string; href: string; children: ReactNode }>;
}

/**
 * The Russian 404 box's markup. This module does not import next/link: the root 404 (sent with
 * every page as the root layout's not-found boundary) renders it with plain links, so that pages
 * without a <Link> of their own (the widgets) do not load it for a box they never show.
 */
export function NotFoundContent({
  title = MESSAGES.shell.notFoundTitle,
  text = MESSAGES.shell.notFoundText,
  back,
  anchor: Anchor = 'a',
}: NotFoundContentProps) {
  return (
    <div className="container">
      <section className={styles.box}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{text}</p>
        <div className={styles.actions}>
          {back ? (
            <Anchor className={styles.button} href={back.href}>
              {back.label}
            </Anchor>
          ) : null}
          <Anchor className={back ? styles.link : styles.button} href="/">
            {MESSAGES.shell.goHome}
          </Anchor>
        </div>
      </section>
    </div>
  );
}
