import { normalizePhone } from './phone';

/*
 * What a stranger sees of a cargo's participants on the public tracking page (152-FZ: no
 * personal data to people who are not the owner).
 */

/** Each word keeps its first letter: «Иван Петров» → «И*** П***», «ООО «Ромашка»» → «О*** «Р***». */
export function maskName(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return words
    .map((word) => {
      const match = /^([^\p{L}\p{N}]*)([\p{L}\p{N}])/u.exec(word);
      return match ? `${match[1]}${match[2]}***` : '***';
    })
    .join(' ');
}

/**
 * A phone with only the first digit of the code and the last two digits shown:
 * `+79001234501` → `+7 (9**) ***-**-01`. Anything that is not a phone becomes `***`.
 */
export function maskPhone(phone: string | null | undefined): string {
  const normalized = phone ? normalizePhone(phone) : null;
  if (!normalized) return phone ? '***' : '';
  const national = normalized.slice(2);
  return `+7 (${national[0]}**) ***-**-${national.slice(8)}`;
}

/** A phone as `+7 (XXX) XXX-XX-XX` for showing to its owner; anything else as given. */
export function formatPhoneSpaced(phone: string | null | undefined): string {
  const normalized = phone ? normalizePhone(phone) : null;
  if (!normalized) return phone ?? '';
  const d = normalized.slice(2);
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
}
