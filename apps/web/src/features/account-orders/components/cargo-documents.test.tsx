import { MESSAGES, PROFILE_PERMISSIONS, ROLE_PERMISSIONS } from '@freight/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CargoDocuments } from './cargo-documents';

const T = MESSAGES.documents.card;
const TRACK = 'MG-2611-04217';

const payer = (inn: string | null) => ({
  type: inn ? 'legal' : 'individual',
  name: 'П',
  phone: null,
  email: null,
  inn,
  kpp: null,
});

const ALL = [...PROFILE_PERMISSIONS];

const links = () =>
  screen.queryAllByRole('link').map((a) => [a.textContent, a.getAttribute('href'), a.hasAttribute('download')]);

describe('CargoDocuments', () => {
  it('a private payer: the receipt and labels, and why there is no счёт', () => {
    render(
      <CargoDocuments
        cargo={{ track_number: TRACK, status: 'in_transit', payer_participant: payer(null), permissions: ALL }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Документы' })).toBeInTheDocument();
    expect(links()).toEqual([
      [T.receipt, `/api/v1/cargo_lk/documents/receipt?tracknumber=${TRACK}`, true],
      [T.labels, `/api/v1/cargo_lk/documents/labels?tracknumber=${TRACK}`, true],
    ]);
    expect(screen.getByText(T.financeLegalOnly)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.download(T.receipt) })).toBeInTheDocument();
  });

  it('a legal payer before release: the счёт too, the акт later', () => {
    render(
      <CargoDocuments
        cargo={{ track_number: TRACK, status: 'arrived', payer_participant: payer('7720123457'), permissions: ALL }}
      />,
    );
    expect(links().map(([label]) => label)).toEqual([T.receipt, T.labels, T.invoice]);
    expect(screen.getByText(T.actLater)).toBeInTheDocument();
  });

  it('a legal payer after release: all four documents', () => {
    render(
      <CargoDocuments
        cargo={{ track_number: TRACK, status: 'released', payer_participant: payer('7720123457'), permissions: ALL }}
      />,
    );
    expect(links().map(([label, href]) => [label, href])).toEqual([
      [T.receipt, `/api/v1/cargo_lk/documents/receipt?tracknumber=${TRACK}`],
      [T.labels, `/api/v1/cargo_lk/documents/labels?tracknumber=${TRACK}`],
      [T.invoice, `/api/v1/cargo_lk/documents/invoice?tracknumber=${TRACK}`],
      [T.act, `/api/v1/cargo_lk/documents/act?tracknumber=${TRACK}`],
    ]);
    expect(screen.queryByText(T.actLater)).not.toBeInTheDocument();
  });

  it('a cancelled request has no documents', () => {
    render(
      <CargoDocuments
        cargo={{ track_number: TRACK, status: 'cancelled', payer_participant: payer('7720123457'), permissions: ALL }}
      />,
    );
    expect(links()).toEqual([]);
    expect(screen.getByText(T.cancelled)).toBeInTheDocument();
  });

  it('by role: a shipping manager gets no счёт or акт; an accountant gets them', () => {
    const cargo = { track_number: TRACK, status: 'released' as const, payer_participant: payer('7720123457') };
    const { unmount } = render(
      <CargoDocuments cargo={{ ...cargo, permissions: [...ROLE_PERMISSIONS.shipping_manager] }} />,
    );
    expect(links().map(([label]) => label)).toEqual([T.receipt, T.labels]);
    expect(screen.getByText(T.financeNotForRole)).toBeInTheDocument();
    unmount();
    render(<CargoDocuments cargo={{ ...cargo, permissions: [...ROLE_PERMISSIONS.accountant] }} />);
    expect(links().map(([label]) => label)).toEqual([T.receipt, T.labels, T.invoice, T.act]);
  });
});
