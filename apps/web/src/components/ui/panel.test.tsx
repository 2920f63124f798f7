import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActionRow, Hint, Panel, panelClassName } from './panel';

describe('Panel', () => {
  it('is a section named by its heading, keeping its own class and data attributes', () => {
    render(
      <Panel aria-labelledby="p-h" className="extra" data-testid="panel">
        <h2 id="p-h">Договоры</h2>
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'Договоры' });
    expect(region.tagName).toBe('SECTION');
    expect(region).toHaveAttribute('data-testid', 'panel');
    expect(region).toHaveClass(panelClassName, 'extra');
  });
});

describe('Hint', () => {
  it.each([
    [{}, 'P', false],
    [{ flush: true }, 'P', true],
    [{ as: 'span' as const }, 'SPAN', false],
  ])('%o renders a %s, flush: %s', (props, tag, flush) => {
    render(<Hint {...props}>Данные на 1 марта</Hint>);
    const hint = screen.getByText('Данные на 1 марта');
    expect(hint.tagName).toBe(tag);
    expect(hint).toHaveClass('hint');
    expect(hint.classList.contains('flush')).toBe(flush);
  });
});

describe('ActionRow', () => {
  it('holds its buttons in one wrapping row', () => {
    render(
      <ActionRow data-testid="row">
        <button type="button">PDF</button>
        <button type="button">Excel</button>
      </ActionRow>,
    );
    const row = screen.getByTestId('row');
    expect(row).toHaveClass('actionRow');
    expect(row.querySelectorAll('button')).toHaveLength(2);
  });
});
