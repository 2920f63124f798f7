import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_REQUEST_TEXTS } from '@freight/domain/texts/access-request';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { AccessDocuments } from './access-documents';
import { DecisionForm } from './decision-form';
import { InboxAnswerForm } from './inbox-item-forms';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: vi.fn() }) }));

const T = BO_CLIENTS_TEXTS;
const REQUEST_ID = '6f1c3c1e-8c1a-4d55-9b3e-2f7f3f0f9a10';

/** A stand-in fetch answering `body` with `status`, recording every call. */
function stubFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('back-office client work', () => {
  beforeEach(() => refresh.mockClear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a decision and a reason before sending, then sends the decision', async () => {
    const calls = stubFetch(200, { request: {}, profile: null, notified: 'olga@example.ru' });
    const user = userEvent.setup();
    const { rerender } = render(<DecisionForm requestId={REQUEST_ID} open />);
    const submit = screen.getByRole('button', { name: T.access.submit });

    await user.click(submit);
    expect(await screen.findByText(T.errors.decisionInvalid)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Отклонить' }));
    await user.click(submit);
    expect(await screen.findByText(ACCESS_REQUEST_TEXTS.rejectReasonRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Вернуть на исправление' }));
    await user.click(submit);
    expect(await screen.findByText(ACCESS_REQUEST_TEXTS.changesCommentRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(T.access.commentLabel), 'Приложите выписку');
    await user.click(submit);
    expect(await screen.findByText(`${T.access.saved}. ${T.access.notified('olga@example.ru')}`)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`/api/v1/back-office/access_requests/${REQUEST_ID}/decision`);
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ decision: 'corrections', comment: 'Приложите выписку' });
    expect(refresh).toHaveBeenCalledOnce();

    // The refresh closes the request: the form goes, the saved message stays.
    rerender(<DecisionForm requestId={REQUEST_ID} open={false} />);
    expect(screen.queryByRole('button', { name: T.access.submit })).toBeNull();
    expect(screen.getByText(T.access.decidedAlready)).toBeInTheDocument();
    expect(screen.getByText(`${T.access.saved}. ${T.access.notified('olga@example.ru')}`)).toBeInTheDocument();
  });

  it('approves without a comment and shows the server refusal as it comes', async () => {
    const calls = stubFetch(409, { error: { code: 'CONFLICT', message: 'Заявка уже рассмотрена' } });
    const user = userEvent.setup();
    render(<DecisionForm requestId={REQUEST_ID} open />);
    await user.click(screen.getByRole('radio', { name: 'Одобрить' }));
    await user.click(screen.getByRole('button', { name: T.access.submit }));
    expect(await screen.findByText('Заявка уже рассмотрена')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ decision: 'approve' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('shows a PDF in a frame and an image as an image, each with a download link', () => {
    render(
      <AccessDocuments
        files={[
          { id: 'a', name: 'Выписка.pdf', type: 'application/pdf', size: 2048, url: '/files/a' },
          { id: 'b', name: 'scan.jpg', type: 'image/jpeg', size: 512, url: '/files/b' },
        ]}
      />,
    );
    expect(screen.getByTitle(T.access.documentFrame('Выписка.pdf'))).toHaveAttribute('src', '/files/a');
    expect(screen.getByTitle(T.access.documentFrame('Выписка.pdf')).tagName).toBe('IFRAME');
    expect(screen.getByRole('img', { name: T.access.documentFrame('scan.jpg') })).toHaveAttribute('src', '/files/b');
    const downloads = screen.getAllByRole('link', { name: T.access.download });
    expect(downloads.map((a) => [a.getAttribute('href'), a.getAttribute('download')])).toEqual([
      ['/files/a', 'Выписка.pdf'],
      ['/files/b', 'scan.jpg'],
    ]);
  });

  it('sends an answer and says where it went', async () => {
    const calls = stubFetch(201, {
      answer: { id: 1, text: 'Да', staff_name: 'Оператор', created_at: '2026-01-01T00:00:00.000Z' },
      status: 'answered',
      delivery: { channel: 'sms', to: '+7 (916) 111-22-33', note: T.delivery.sms('+7 (916) 111-22-33') },
    });
    const user = userEvent.setup();
    render(<InboxAnswerForm path="/api/v1/back-office/feedback/7" />);
    await user.click(screen.getByRole('button', { name: T.inbox.answerSubmit }));
    expect(await screen.findByText(T.errors.answerRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText(T.inbox.answerLabel), 'Да');
    await user.click(screen.getByRole('button', { name: T.inbox.answerSubmit }));
    expect(await screen.findByText(T.delivery.sms('+7 (916) 111-22-33'))).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/v1/back-office/feedback/7/answers');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ text: 'Да' });
    expect(screen.getByLabelText(T.inbox.answerLabel)).toHaveValue('');
  });
});
