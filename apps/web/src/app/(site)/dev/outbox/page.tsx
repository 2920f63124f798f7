import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { API_PATHS, DevOutboxResponseSchema } from '@freight/contracts';
import { Button } from '@/components/ui';
import { ApiUnavailableError, apiGet } from '@/lib/api/server';
import { DEV_OUTBOX_LABELS, OutboxList } from '@/features/dev-outbox/components/outbox-list';

export const metadata: Metadata = { title: DEV_OUTBOX_LABELS.title, robots: { index: false } };

/**
 * /dev/outbox: the SMS and e-mails the demo recorded instead of sending. The API has the list
 * only with DEMO_MODE=1 and no real provider; otherwise this page is a 404 too.
 */
export default async function DevOutboxPage() {
  let messages;
  try {
    messages = await apiGet(API_PATHS.devOutbox, DevOutboxResponseSchema);
  } catch (error) {
    if (error instanceof ApiUnavailableError) throw error;
    notFound();
  }
  return (
    <div className="container" style={{ maxWidth: 820, paddingBlock: 'var(--space-5)' }}>
      <h1>{DEV_OUTBOX_LABELS.title}</h1>
      <p style={{ color: 'var(--color-text-muted)' }}>{DEV_OUTBOX_LABELS.intro}</p>
      <p>
        <Button appearance="secondary" href="/dev/outbox">
          {DEV_OUTBOX_LABELS.refresh}
        </Button>
      </p>
      <OutboxList messages={messages} />
    </div>
  );
}
