import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { BoPage } from './bo-page';

/** What a page shows to a staff member whose role may not open it (the API refuses it too). */
export function Forbidden() {
  return (
    <BoPage title={BACK_OFFICE_TEXTS.shell.forbiddenTitle}>
      <p data-testid="bo-forbidden">{BACK_OFFICE_TEXTS.shell.forbiddenText}</p>
    </BoPage>
  );
}
