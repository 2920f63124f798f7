import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@freight/domain';
import { WidgetRequestForm } from './widget-request-form';

const CODE = '<iframe src="https://example.ru/widgets/calculator?partner=1"></iframe>';

describe('WidgetRequestForm (duty_iframe): a contact needs the personal-data consent', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ id: 1, widget_url: 'https://example.ru/widgets/calculator', code: CODE }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
  const consentBox = () => screen.getByRole('checkbox', { name: /согласие на обработку персональных данных/ });

  it('the consent box is unticked and links to the consent document; without a contact it is not needed', async () => {
    const user = userEvent.setup();
    render(<WidgetRequestForm />);
    expect(consentBox()).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'согласие на обработку персональных данных' })).toHaveAttribute(
      'href',
      '/docs-n-policies#consent',
    );
    await user.type(screen.getByLabelText('Адрес сайта'), 'https://shop.example.ru');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText(CODE)).toBeInTheDocument();
    expect(sentBody()).toEqual({ site_url: 'https://shop.example.ru', widget: 'calculator' });
  });

  it('with a contact and no tick: the message shows beside the box and nothing is sent; ticked, it is sent', async () => {
    const user = userEvent.setup();
    render(<WidgetRequestForm />);
    await user.type(screen.getByLabelText('Адрес сайта'), 'https://shop.example.ru');
    await user.type(screen.getByLabelText(/Контакт для связи/), 'it@shop.example.ru');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    const message = screen.getByText(MESSAGES.common.pdConsentRequired);
    expect(consentBox()).toHaveAttribute('aria-invalid', 'true');
    expect(consentBox()).toHaveAttribute('aria-describedby', message.id);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText(CODE)).toBeInTheDocument();
    expect(sentBody()).toEqual({
      site_url: 'https://shop.example.ru',
      widget: 'calculator',
      contact: 'it@shop.example.ru',
      consent: true,
    });
  });
});
