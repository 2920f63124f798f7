import type { BoOffice } from '@freight/contracts/back-office-cargo';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { Select, type SelectProps } from '@/components/ui';

const T = BACK_OFFICE_CARGO_TEXTS.page;

/** Offices grouped by city, in the order the API gives them (by city, then name). */
function byCity(offices: readonly BoOffice[]): [string, BoOffice[]][] {
  const groups = new Map<string, BoOffice[]>();
  for (const office of offices) {
    const list = groups.get(office.city) ?? [];
    list.push(office);
    groups.set(office.city, list);
  }
  return [...groups.entries()];
}

/**
 * The office picker («Подразделение»): a native select of the active offices grouped by city,
 * «Не указано» first (value ""). Native, so typing the first letters jumps through the list.
 */
export function OfficeSelect({
  offices,
  label = T.status.office,
  ...props
}: { offices: readonly BoOffice[] } & SelectProps) {
  return (
    <Select label={label} placeholder={T.officeNone} {...props}>
      {byCity(offices).map(([city, list]) => (
        <optgroup key={city} label={city}>
          {list.map((office) => (
            <option key={office.id} value={String(office.id)}>
              {office.name} — {office.address}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}
