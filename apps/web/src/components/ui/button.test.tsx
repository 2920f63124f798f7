import { MESSAGES } from '@freight/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import type { ButtonAppearance } from './button';

describe('Button', () => {
  it('is a type="button" by default so it never submits a form by accident', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button>Рассчитать</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Рассчитать' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps an explicit type', () => {
    render(<Button type="submit">Отправить</Button>);
    expect(screen.getByRole('button', { name: 'Отправить' })).toHaveAttribute('type', 'submit');
  });

  it.each<[ButtonAppearance]>([['primary'], ['secondary'], ['ultraPrimary'], ['dangerous'], ['link']])(
    'applies the %s appearance',
    (appearance) => {
      render(<Button appearance={appearance}>Кнопка</Button>);
      expect(screen.getByRole('button')).toHaveClass(appearance);
    },
  );

  it('is primary and medium unless told otherwise, large on request', () => {
    render(
      <>
        <Button>По умолчанию</Button>
        <Button size="large">Большая</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'По умолчанию' })).toHaveClass('primary', 'medium');
    expect(screen.getByRole('button', { name: 'Большая' })).toHaveClass('large');
  });

  it('is clickable and keyboard operable', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Сохранить</Button>);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  describe('loading', () => {
    it('is disabled and busy, shows the spinner and hides its content', () => {
      render(<Button loading>Отправить</Button>);
      const button = screen.getByRole('button');
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('status', { name: MESSAGES.shell.loading })).toBeInTheDocument();
      // The content keeps its box (stable width) but is neither seen nor read.
      expect(screen.getByText('Отправить')).not.toBeVisible();
      expect(button).toHaveAccessibleName(MESSAGES.shell.loading);
    });

    it('ignores clicks', async () => {
      const onClick = vi.fn();
      render(
        <Button loading onClick={onClick}>
          Отправить
        </Button>,
      );
      await userEvent.click(screen.getByRole('button'));
      expect(onClick).not.toHaveBeenCalled();
    });

    it('shows the content again when loading ends', () => {
      const { rerender } = render(<Button loading>Отправить</Button>);
      rerender(<Button loading={false}>Отправить</Button>);
      const button = screen.getByRole('button', { name: 'Отправить' });
      expect(button).toBeEnabled();
      expect(button).not.toHaveAttribute('aria-busy');
      expect(screen.getByText('Отправить')).toBeVisible();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });

  it('disabled: no click, not busy', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Далее
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Далее' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards the ref to the <button>', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Кнопка</Button>);
    expect(ref.current).toBe(screen.getByRole('button'));
  });

  it('renders icons as decoration beside the content', () => {
    render(
      <Button iconStart={<svg data-testid="start" />} iconEnd={<svg data-testid="end" />}>
        Позвонить
      </Button>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleName('Позвонить');
    expect(screen.getByTestId('start').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('end').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  describe('as a link', () => {
    it('renders a plain <a> with href and the button look', () => {
      const ref = createRef<HTMLAnchorElement>();
      render(
        <Button href="/about" appearance="secondary" ref={ref}>
          О нас
        </Button>,
      );
      const link = screen.getByRole('link', { name: 'О нас' });
      expect(link.tagName).toBe('A');
      expect(link).toHaveAttribute('href', '/about');
      expect(link).not.toHaveAttribute('type');
      expect(link).toHaveClass('button', 'secondary');
      expect(ref.current).toBe(link);
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    });

    it('renders through the `as` component (e.g. next/link) with href, class and ref', () => {
      const received: Array<Record<string, unknown>> = [];
      function FakeLink({ href, ...props }: Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: string }) {
        received.push({ href, className: props.className });
        return <a data-router-link="" href={href} {...props} />;
      }
      const ref = createRef<HTMLAnchorElement>();
      render(
        <Button href="/offices" as={FakeLink} ref={ref} target="_self">
          Адреса и контакты
        </Button>,
      );
      const link = screen.getByRole('link', { name: 'Адреса и контакты' });
      expect(link).toHaveAttribute('data-router-link');
      expect(link).toHaveAttribute('href', '/offices');
      expect(link).toHaveAttribute('target', '_self');
      expect(received[0]).toMatchObject({ href: '/offices', className: expect.stringContaining('button') });
      expect(ref.current).toBe(link);
    });

    it.each([
      ['disabled', { disabled: true }],
      ['loading', { loading: true }],
    ])('a %s link has no href and is aria-disabled', async (_name, state) => {
      const onClick = vi.fn();
      render(
        <Button href="/news" onClick={onClick} {...state}>
          Новости
        </Button>,
      );
      const link = screen.getByRole('link');
      expect(link).not.toHaveAttribute('href');
      expect(link).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(link);
      expect(onClick).not.toHaveBeenCalled();
    });
  });
});
