import { API_PATHS } from '@freight/contracts/paths';
import type { CargoDetails } from '@freight/contracts/orders';
import { DOCUMENTS_TEXTS } from '@freight/domain/texts/documents';
import { Button } from '@/components/ui';
import styles from './orders.module.css';

const T = DOCUMENTS_TEXTS.card;

type DocumentLink = { key: string; path: string; label: string; hint?: string };

/** The download address of one document of the cargo (same origin: the web passes /api/* to the API). */
export function documentHref(path: string, track: string): string {
  return `${path}?tracknumber=${encodeURIComponent(track)}`;
}

/**
 * The «Документы» block of the cargo card (issue 15): PDF downloads of the forwarding receipt and
 * the labels of the places; the счёт and акт only when the payer has an ИНН (an organisation or a
 * sole trader), the акт only once the cargo is released. The API refuses anything else with a
 * Russian 409; a cancelled request has no documents. Plain links, so the browser downloads them
 * with the session cookie and the Russian file name the API sends.
 */
export function CargoDocuments({
  cargo,
}: {
  cargo: Pick<CargoDetails, 'track_number' | 'status' | 'payer_participant' | 'permissions'>;
}) {
  const notes: string[] = [];
  const links: DocumentLink[] = [];
  // What the caller's role in the cargo's profile allows (team.ts); the API checks the same.
  const shipping = cargo.permissions.includes('documents.shipping');
  const finance = cargo.permissions.includes('documents.finance');
  if (cargo.status === 'cancelled') {
    notes.push(T.cancelled);
  } else {
    if (shipping) {
      links.push({ key: 'receipt', path: API_PATHS.documentReceipt, label: T.receipt });
      links.push({ key: 'labels', path: API_PATHS.documentLabels, label: T.labels, hint: T.labelsHint });
    }
    if (!finance) {
      notes.push(T.financeNotForRole);
    } else if (cargo.payer_participant?.inn) {
      links.push({ key: 'invoice', path: API_PATHS.documentInvoice, label: T.invoice });
      if (cargo.status === 'released') links.push({ key: 'act', path: API_PATHS.documentAct, label: T.act });
      else notes.push(T.actLater);
    } else {
      notes.push(T.financeLegalOnly);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="card-documents">
      <h2 id="card-documents">{T.title}</h2>
      {links.length > 0 && (
        <>
          <p className={styles.muted}>{T.intro}</p>
          <div className={styles.actions}>
            {links.map((link) => (
              <Button
                key={link.key}
                href={documentHref(link.path, cargo.track_number)}
                appearance="secondary"
                download
                aria-label={T.download(link.label)}
                title={link.hint}
              >
                {link.label}
              </Button>
            ))}
          </div>
        </>
      )}
      {notes.map((note) => (
        <p key={note} className={styles.muted}>
          {note}
        </p>
      ))}
    </section>
  );
}
