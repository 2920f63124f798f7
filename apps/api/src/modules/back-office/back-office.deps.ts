import type { JobQueue } from '../jobs/job-queue';
import type { Database } from '@freight/db';
import type { Outbox } from '../messaging/outbox.service';
import type { SmsPolicy } from '../messaging/sms-policy';
import type { FileStorage } from '../uploads/file-storage';
import type { CarrierRequisites } from '../../config/env';

/** What every back-office module gets (apps/api/src/modules/back-office/back-office.routes.ts). */
export interface BackOfficeDeps {
  db: Database;
  clock: () => Date;
  outbox: Outbox;
  /** Every SMS goes through the SMS policy (mobile only, budgets; staff notices have their own cap). */
  sms: SmsPolicy;
  publicOrigin: string;
  storage: FileStorage;
  /** Uploads are checked and re-encoded on local disk first (uploads/attachment.ts). */
  scratchDir: string;
  carrier: CarrierRequisites;
  /** Drops the pricing caches here and on every other API instance (pricing/price-change-bus.ts). */
  announcePriceChange: () => Promise<void>;
  /** Background jobs (cargo events for notifications and webhooks). */
  jobs: JobQueue;
}
