import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { CargoDetailsSchema } from '@freight/contracts';
import { RU_PRODUCTION_CALENDAR, addWorkingDays, toIsoDate } from '@freight/domain';
import { draftFromCargo } from '../../apps/web/src/features/order/lib/repeat-draft';

/** A released cargo of the demo client's own profile: the model of the new order the test places. */
const MODEL_TRACK = 'MG-2600-00121';

/** The demo client places a new order through the API (as the wizard's last step does); its track number. */
export async function placeOrder(page: Page, baseUrl: string): Promise<string> {
  const details = CargoDetailsSchema.parse(
    await (await page.request.get(`/api/v1/cargo/get_current_cargo?tracknumber=${MODEL_TRACK}`)).json(),
  );
  const draft = draftFromCargo(details);
  const date = addWorkingDays(toIsoDate(new Date())!, 2, RU_PRODUCTION_CALENDAR);
  const response = await page.request.post('/api/v1/requests/request_create', {
    data: {
      draft: {
        ...draft,
        time: {
          ...draft.time,
          departure: { date, timeFrom: '10:00', timeTo: '14:00', breakFrom: null, breakTo: null },
        },
        consent: true,
      },
    },
    headers: { origin: baseUrl, 'idempotency-key': randomUUID() },
  });
  const body = (await response.json()) as { track_number?: string };
  expect(response.status(), JSON.stringify(body)).toBe(201);
  return body.track_number!;
}
