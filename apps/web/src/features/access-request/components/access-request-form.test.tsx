import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessRequest, AccessRequestFile } from '@freight/contracts/access-request';
import { MESSAGES } from '@freight/domain';
import { getDocumentError } from '../lib/files';
import { AccessRequestForm } from './access-request-form';
import { AccessRequestView } from './access-request-view';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));

const A = MESSAGES.accessRequest;

/** A stand-in XMLHttpRequest that records what was sent and answers with `answer`. */
class FakeXhr {
  static sent: Array<{ method: string; url: string; body: FormData }> = [];
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  method = '';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, body });
    this.status = FakeXhr.answer.status;
    this.responseText = JSON.stringify(FakeXhr.answer.body);
    queueMicrotask(() => {
      this.onload?.();
      this.onloadend?.();
    });
  }
}

const scan = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'scan.jpg', { type: 'image/jpeg' });

describe('AccessRequestForm', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    FakeXhr.answer = { status: 201, body: {} };
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the Russian errors under the fields and the documents, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<AccessRequestForm />);
    await user.type(screen.getByLabelText('ИНН'), '7707083894');
    await user.click(screen.getByRole('button', { name: A.submit }));
    expect(await screen.findByText(MESSAGES.identifiers.innChecksum)).toBeInTheDocument();
    expect(screen.getByText(A.organisationNameRequired)).toBeInTheDocument();
    expect(screen.getByText(A.filesRequired)).toBeInTheDocument();
    expect(FakeXhr.sent).toEqual([]);
  });

  it('switches to the person tab with the passport fields', async () => {
    const user = userEvent.setup();
    render(<AccessRequestForm />);
    await user.click(screen.getByRole('tab', { name: A.types.individual }));
    expect(screen.getByLabelText(A.personNameLabel)).toBeInTheDocument();
    expect(screen.getByLabelText(A.seriesLabel)).toBeInTheDocument();
    expect(screen.queryByLabelText('ИНН')).not.toBeInTheDocument();
  });

  it('sends the spec query with the files, and puts the server’s field error under its field', async () => {
    FakeXhr.answer = {
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Проверьте поля', fields: { rrc: 'КПП не найден' } } },
    };
    const user = userEvent.setup();
    render(<AccessRequestForm />);
    await user.type(screen.getByLabelText('ИНН'), '7707 083 893');
    await user.type(screen.getByLabelText('КПП'), '773601001');
    await user.type(screen.getByLabelText(A.organisationNameLabel), 'ООО «Ромашка»');
    await user.upload(screen.getByLabelText(A.filesLabel), scan());
    await user.click(screen.getByRole('button', { name: A.submit }));
    expect(await screen.findByText('КПП не найден')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
    const [call] = FakeXhr.sent;
    expect(call?.method).toBe('POST');
    const url = new URL(call!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/v1/user/request_access/request_full_access');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: 'legal',
      name: 'ООО «Ромашка»',
      tin: '7707083893',
      rrc: '773601001',
    });
    expect((call!.body.getAll('files') as File[]).map((f) => f.name)).toEqual(['scan.jpg']);
    await waitFor(() => expect(screen.getByText(A.sendFailed)).toBeInTheDocument());
  });
});

describe('AccessRequestView', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    FakeXhr.answer = { status: 200, body: {} };
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  const file = (n: number): AccessRequestFile => ({
    id: `file-${n}`,
    name: `scan-${n}.jpg`,
    size: 1024,
    type: 'image/jpeg',
    url: `/api/v1/user/request_access/files/file-${n}`,
    created_at: '2026-03-02T09:00:00.000Z',
  });
  const request = (files: number): AccessRequest => ({
    id: '3f2b1c0e-8f0a-4a43-9a55-1c6f2b1d2e3f',
    type: 'legal',
    type_label: 'Юридическое лицо или ИП',
    status: 'pending',
    status_label: 'На проверке',
    name: 'ООО «Ромашка»',
    tin: '7707083893',
    rrc: '773601001',
    document_seria: null,
    document_number: null,
    reviewer_comment: null,
    editable: true,
    created_at: '2026-03-02T09:00:00.000Z',
    updated_at: '2026-03-02T09:00:00.000Z',
    decided_at: null,
    files: Array.from({ length: files }, (_, i) => file(i + 1)),
  });

  it('keeps «Документы добавлены» when the refresh after filling the last slot leaves no room', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<AccessRequestView request={request(9)} />);
    await user.upload(screen.getByLabelText(A.addFiles), scan());
    await user.click(screen.getByRole('button', { name: A.addFilesSubmit }));
    expect(await screen.findByText(A.filesAdded)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
    // The page's refresh: ten documents now, none may be added.
    rerender(<AccessRequestView request={request(10)} />);
    expect(screen.getByText(A.tooManyFiles)).toBeInTheDocument();
    expect(screen.getByText(A.filesAdded)).toBeInTheDocument();
  });
});

describe('getDocumentError', () => {
  it.each([
    [{ name: 'a.pdf', size: 10, type: 'application/pdf' }, 10, null],
    [{ name: 'a.JPG', size: 10, type: '' }, 1, null],
    [{ name: 'a.png', size: 20 * 1024 * 1024 + 1, type: 'image/png' }, 10, A.fileTooLarge],
    [{ name: 'a.gif', size: 10, type: 'image/gif' }, 10, A.fileTypeInvalid],
    [{ name: 'a.pdf', size: 0, type: 'application/pdf' }, 10, A.fileEmpty],
    [{ name: 'a.pdf', size: 10, type: 'application/pdf' }, 0, A.tooManyFiles],
  ])('%j with %i slots → %s', (file, slots, expected) => {
    expect(getDocumentError(file, slots)).toBe(expected);
  });
});
