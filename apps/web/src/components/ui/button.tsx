import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ComponentType, CSSProperties, ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonAppearance = 'primary' | 'secondary' | 'ultraPrimary' | 'dangerous' | 'link';
export type ButtonSize = 'medium' | 'large';

interface ButtonOwnProps {
  /** Visual style; default 'primary'. */
  appearance?: ButtonAppearance;
  /** medium is 40 px high (default), large 48 px. */
  size?: ButtonSize;
  /** Disabled with aria-busy; a spinner replaces the content, the width stays the same. */
  loading?: boolean;
  /** Stretch to the width of the container. */
  fullWidth?: boolean;
  /** Decorative icon before the content. */
  iconStart?: ReactNode;
  /** Decorative icon after the content. */
  iconEnd?: ReactNode;
  children?: ReactNode;
}

/**
 * A component that renders an <a> (for example next/link's `Link`). The kit does not import
 * next/link itself; pass it as `as={Link}` from app code.
 */
export type ButtonLinkComponent = ComponentType<Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: string }>;

export type ButtonAsButtonProps = ButtonOwnProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ButtonOwnProps> & {
    href?: undefined;
    as?: undefined;
  };

export type ButtonAsLinkProps = ButtonOwnProps &
  Omit<ComponentPropsWithRef<'a'>, keyof ButtonOwnProps | 'href'> & {
    /** Renders a link that looks like a button. */
    href: string;
    /** Link component to render instead of a plain <a>, e.g. next/link. */
    as?: ButtonLinkComponent;
    /** A disabled (or loading) link renders as <a aria-disabled> without href. */
    disabled?: boolean;
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

/** Hides the content but keeps its box, so a loading button does not change width. */
const HIDDEN_CONTENT: CSSProperties = { visibility: 'hidden' };

/**
 * Button with five appearances and two sizes. `type="button"` by default; with `href` it renders
 * a link (plain <a>, or the `as` component). The ref reaches the <button> / <a>.
 * No hooks, so it renders in Server Components too (and `as={Link}` can be passed from them).
 */
export function Button({
  appearance = 'primary',
  size = 'medium',
  loading = false,
  fullWidth = false,
  iconStart,
  iconEnd,
  children,
  className,
  ...rest
}: ButtonProps) {
  const classes = clsx(
    styles.button,
    styles[appearance],
    styles[size],
    fullWidth && styles.fullWidth,
    loading && styles.loading,
    className,
  );

  const inner = (
    <>
      <span className={styles.content} style={loading ? HIDDEN_CONTENT : undefined}>
        {iconStart ? (
          <span className={styles.icon} aria-hidden="true">
            {iconStart}
          </span>
        ) : null}
        {children}
        {iconEnd ? (
          <span className={styles.icon} aria-hidden="true">
            {iconEnd}
          </span>
        ) : null}
      </span>
      {loading ? <Spinner className={styles.spinner} size="small" /> : null}
    </>
  );

  if (rest.href !== undefined) {
    const { as: LinkComponent, href, disabled, ...anchorProps } = rest;
    if (disabled || loading) {
      // An <a> cannot be disabled: drop href (so it is neither focusable nor followable) and say so.
      return (
        <a
          {...anchorProps}
          onClick={undefined}
          role="link"
          aria-disabled="true"
          aria-busy={loading || undefined}
          className={classes}
        >
          {inner}
        </a>
      );
    }
    if (LinkComponent) {
      return (
        <LinkComponent {...anchorProps} href={href} className={classes}>
          {inner}
        </LinkComponent>
      );
    }
    return (
      <a {...anchorProps} href={href} className={classes}>
        {inner}
      </a>
    );
  }

  // `href` and `as` are undefined here; React does not render undefined attributes.
  const { type = 'button', disabled, ...buttonProps } = rest;
  const inactive = Boolean(disabled || loading);
  return (
    <button
      {...buttonProps}
      type={type}
      className={classes}
      disabled={inactive}
      aria-disabled={inactive || undefined}
      aria-busy={loading || undefined}
    >
      {inner}
    </button>
  );
}
