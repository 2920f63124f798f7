import type { Database } from '@freight/db';
import type { CargoStatus } from '@freight/domain/cargo-status';
import type { JobQueue } from './job-queue';

/**
 * What happened to a cargo, as background work sees it. Each event is one job per consumer
 * queue, sent inside the transaction that made the change: it exists exactly when the change
 * was committed, and each consumer (notifications, webhooks) retries on its own.
 */
export interface CargoStatusChanged {
  cargoId: number;
  trackNumber: string;
  /** The cargo_status_history row of this change: the event's identity (no duplicates by it). */
  historyId: number;
  from: CargoStatus;
  to: CargoStatus;
  /** When the status was set (ISO 8601). */
  at: string;
  officeId: number | null;
}

/** A status change booked charges to the cargo's contract: the client's invoice (УПД) is issued. */
export interface InvoiceIssued {
  cargoId: number;
  trackNumber: string;
  /** The contract's uuid. */
  contractId: string;
  /** The sum of the charges booked by this change, kopecks. */
  amountKopecks: number;
  historyId: number;
  at: string;
}

export const CARGO_STATUS_QUEUES = ['notify.cargo_status', 'webhooks.cargo_status'] as const;
export const INVOICE_ISSUED_QUEUES = ['webhooks.invoice_issued'] as const;

/**
 * Declares the consumer queues of cargo events, so a process can send them whether or not it
 * runs their workers (every API instance does; the review command does not).
 */
export function declareCargoEventQueues(jobs: JobQueue): void {
  for (const queue of [...CARGO_STATUS_QUEUES, ...INVOICE_ISSUED_QUEUES]) jobs.declare(queue);
}

export async function emitCargoStatusChanged(jobs: JobQueue, tx: Database, event: CargoStatusChanged): Promise<void> {
  for (const queue of CARGO_STATUS_QUEUES) {
    await jobs.send(queue, event, { tx, singletonKey: `cargo-status:${event.historyId}` });
  }
}

export async function emitInvoiceIssued(jobs: JobQueue, tx: Database, event: InvoiceIssued): Promise<void> {
  for (const queue of INVOICE_ISSUED_QUEUES) {
    await jobs.send(queue, event, { tx, singletonKey: `invoice:${event.historyId}` });
  }
}

/** After the commit that emitted events: this process's workers of every consumer look at once. */
export function wakeCargoEventQueues(jobs: JobQueue): void {
  for (const queue of [...CARGO_STATUS_QUEUES, ...INVOICE_ISSUED_QUEUES]) jobs.wake(queue);
}
