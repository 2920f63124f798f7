import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table } from './table';

function rows(stacked?: boolean) {
  return render(
    <Table stacked={stacked} className="ledger" data-testid="table">
      <caption>Май 2026</caption>
      <tbody>
        <tr>
          <td>1</td>
        </tr>
      </tbody>
    </Table>,
  );
}

describe('Table', () => {
  it('is a table named by its caption, with the feature’s class and data attributes', () => {
    rows();
    const table = screen.getByRole('table', { name: 'Май 2026' });
    expect(table).toHaveAttribute('data-testid', 'table');
    expect(table).toHaveClass('table', 'ledger');
    expect(table).not.toHaveClass('stacked');
  });

  it('turns its rows into cards on a phone only when stacked', () => {
    rows(true);
    expect(screen.getByTestId('table')).toHaveClass('table', 'stacked', 'ledger');
  });
});
