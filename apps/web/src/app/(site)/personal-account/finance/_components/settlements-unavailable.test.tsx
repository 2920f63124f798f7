import { render, screen } from '@testing-library/react';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { describe, expect, it } from 'vitest';
import { SettlementsUnavailable } from './settlements-unavailable';

const S = SETTLEMENTS_TEXTS.screen;
const person = { kind: 'individual' as const, name: 'Иван Петров', role_label: 'Владелец' };
const company = { kind: 'legal' as const, name: 'ООО «Вектор»', role_label: 'Менеджер по отправкам' };

describe('SettlementsUnavailable', () => {
  it('a personal profile without contracts: what settlements are, the company profile, full access', () => {
    render(
      <SettlementsUnavailable
        reason="no-contracts"
        active={person}
        shown={['Иван Петров']}
        personalShown
        others={[{ account_uuid: 'co-1', name: 'ООО «Демо Логистик»' }]}
      />,
    );
    expect(screen.getByRole('heading', { name: S.aboutTitle })).toBeInTheDocument();
    expect(screen.getByText(S.aboutText)).toBeInTheDocument();
    expect(screen.getByText(S.personalText)).toBeInTheDocument();
    expect(screen.getByText(S.noContractsText('Иван Петров'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Взаиморасчёты: ООО «Демо Логистик»' })).toHaveAttribute(
      'href',
      '/personal-account/finance?account=co-1',
    );
    expect(screen.getByRole('link', { name: S.accessLink })).toHaveAttribute('href', '/personal-account/access');
  });

  it('a role without settlements.view: who can see them, and the way to full access', () => {
    render(<SettlementsUnavailable reason="permission" active={company} />);
    expect(screen.getByRole('heading', { name: S.noPermissionTitle })).toBeInTheDocument();
    expect(
      screen.getByText(
        'В профиле ООО «Вектор» ваша роль — «Менеджер по отправкам». Взаиморасчёты видят владелец, администраторы и бухгалтеры компании: чтобы получить доступ, попросите их изменить вашу роль.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: S.accessLink })).toBeInTheDocument();
  });
});
