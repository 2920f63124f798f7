import { fireEvent, render, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createOrderDraft,
  orderDraftReducer,
  type OrderDraft,
  type OrderDraftAction,
} from '@freight/domain/order-draft';
import { CargoStep } from './cargo-step';

/* Issue 21, item 7: the cargo step's numbers are typed and shown with a decimal comma. */

const STRETCH = {
  id: 1,
  code: 'stretch',
  name: 'Стрейч-плёнка',
  description: 'Защита от пыли',
  price_kopecks: 15_000,
  price_unit: 'place',
} as const;

function Step({ onAction }: { onAction: (action: OrderDraftAction) => void }) {
  const [draft, dispatch] = useReducer(orderDraftReducer, undefined, (): OrderDraft => createOrderDraft());
  return (
    <>
      <CargoStep
        draft={draft}
        dispatch={(action) => {
          onAction(action);
          dispatch(action);
        }}
        errors={{}}
        packages={[STRETCH]}
        cargoTypes={[]}
      />
      <output data-testid="cargo">{JSON.stringify(draft.cargo)}</output>
    </>
  );
}

const cargo = () => JSON.parse(screen.getByTestId('cargo').textContent ?? '{}') as Record<string, unknown>;

describe('CargoStep: numbers with a decimal comma', () => {
  it('«45,5» kg goes into the draft as 45.5; the volume computed from the sizes shows «0,288»', () => {
    render(<Step onAction={() => {}} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Несколько мест' }));
    const places = screen.getByRole('textbox', { name: 'Количество мест' });
    expect(places).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(places, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Длина'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Ширина'), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText('Высота'), { target: { value: '40' } });
    const weight = screen.getByLabelText('Общий вес всех мест, кг');
    fireEvent.change(weight, { target: { value: '45,5' } });
    fireEvent.blur(weight);
    expect(weight).toHaveValue('45,5');
    expect(screen.getByLabelText('Общий объём всех мест, м³')).toHaveValue('0,288');
    expect(cargo()).toMatchObject({ quantity: 3, length: 60, width: 40, height: 40, weight: 45.5, volume: 0.288 });
  });

  it('«0.5» m³ typed with a dot is 0.5 and shows «0,5» once left', () => {
    render(<Step onAction={() => {}} />);
    const volume = screen.getByLabelText('Объём, м³');
    fireEvent.change(volume, { target: { value: '0.5' } });
    expect(cargo()).toMatchObject({ volume: 0.5 });
    fireEvent.blur(volume);
    expect(volume).toHaveValue('0,5');
  });

  it('text that is not a number never reaches the draft; the field says why and gets the number back when left', () => {
    const onAction = vi.fn();
    render(<Step onAction={onAction} />);
    const weight = screen.getByLabelText('Вес, кг');
    fireEvent.change(weight, { target: { value: '12' } });
    onAction.mockClear();
    fireEvent.change(weight, { target: { value: '12 кг' } });
    expect(onAction).not.toHaveBeenCalled();
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(weight).toHaveAccessibleDescription('Введите число, не больше 3 знаков после запятой');
    fireEvent.blur(weight);
    expect(weight).toHaveValue('12');
    expect(weight).not.toHaveAttribute('aria-invalid');
    expect(cargo()).toMatchObject({ weight: 12 });
  });

  it('whole-number fields refuse a fraction: places and packaging', () => {
    const onAction = vi.fn();
    render(<Step onAction={onAction} />);
    const stretch = screen.getByLabelText('Стрейч-плёнка: количество мест');
    fireEvent.change(stretch, { target: { value: '1,5' } });
    expect(onAction).not.toHaveBeenCalled();
    expect(stretch).toHaveAccessibleDescription('Введите целое число');
    fireEvent.change(stretch, { target: { value: '1' } });
    expect(onAction).toHaveBeenLastCalledWith({ type: 'packages/setQuantity', id: 'stretch', quantity: 1 });
  });
});
