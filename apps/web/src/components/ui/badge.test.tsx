import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, type BadgeTone } from './badge';

describe('Badge', () => {
  it.each<[BadgeTone]>([['info'], ['success'], ['warning'], ['danger'], ['neutral']])(
    'says its text in the %s tone',
    (tone) => {
      render(<Badge tone={tone}>Одобрена</Badge>);
      const badge = screen.getByText('Одобрена');
      expect(badge.tagName).toBe('SPAN');
      expect(badge).toHaveClass('badge', tone);
    },
  );

  it('is compact in a table row when size is s, and not otherwise', () => {
    render(
      <>
        <Badge tone="success" size="s">
          Решена
        </Badge>
        <Badge tone="success">Одобрена</Badge>
      </>,
    );
    expect(screen.getByText('Решена')).toHaveClass('badge', 'success', 'small');
    expect(screen.getByText('Одобрена')).not.toHaveClass('small');
  });
});
