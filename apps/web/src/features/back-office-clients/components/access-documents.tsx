'use client';

import type { BackOfficeFile } from '@freight/contracts/back-office-clients';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { formatFileSize } from '@/components/ui';
import styles from './clients.module.css';

const T = BO_CLIENTS_TEXTS.access;

/**
 * The documents of a request shown right in the page: an image as <img>, a PDF in an <iframe>
 * (the browser's own viewer; the API lets only our pages frame it), each with its name, size
 * and a download link. A client component only for the kit's file-size formatter.
 */
export function AccessDocuments({ files }: { files: readonly BackOfficeFile[] }) {
  if (files.length === 0) return <p className={styles.fieldError}>{T.noDocuments}</p>;
  return (
    <div className={styles.documents}>
      {files.map((file) => (
        <figure key={file.id} className={styles.document}>
          <figcaption>
            <strong>{file.name}</strong>
            <span>{formatFileSize(file.size)}</span>
            <a href={file.url} download={file.name}>
              {T.download}
            </a>
            <a href={file.url} target="_blank" rel="noopener">
              {T.openSeparately}
            </a>
          </figcaption>
          {file.type === 'application/pdf' ? (
            <iframe src={file.url} title={T.documentFrame(file.name)} className={styles.documentFrame} />
          ) : (
            // eslint-disable-next-line @next/next/no-img-element -- a private, uncacheable document: no optimiser
            <img src={file.url} alt={T.documentFrame(file.name)} className={styles.documentImage} loading="lazy" />
          )}
        </figure>
      ))}
    </div>
  );
}
