import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// next/link stands in as a plain anchor that shows the prefetch it was given.
vi.mock('next/link', () => ({
  default: ({ prefetch, ...props }: { prefetch?: boolean | null } & React.ComponentProps<'a'>) => (
    <a data-next-prefetch={String(prefetch)} {...props} />
  ),
}));

const { Link } = await import('./link');

describe('Link (the kit’s next/link)', () => {
  it('by default is not prefetched on sight but marked for IntentPrefetch', () => {
    render(<Link href="/news">Новости</Link>);
    const link = screen.getByRole('link', { name: 'Новости' });
    expect(link).toHaveAttribute('data-next-prefetch', 'false');
    expect(link).toHaveAttribute('data-prefetch', 'intent');
    expect(link).toHaveAttribute('href', '/news');
  });

  it('prefetch={false} means never: no intent mark either', () => {
    render(
      <Link href="/offices/1" prefetch={false}>
        Офис
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Офис' });
    expect(link).toHaveAttribute('data-next-prefetch', 'false');
    expect(link).not.toHaveAttribute('data-prefetch');
  });

  it('any other prefetch is next/link’s own', () => {
    render(
      <Link href="/calculator" prefetch>
        Калькулятор
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Калькулятор' });
    expect(link).toHaveAttribute('data-next-prefetch', 'true');
    expect(link).not.toHaveAttribute('data-prefetch');
  });
});
