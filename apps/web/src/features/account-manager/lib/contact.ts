/** Up to two initials of a name, for the avatar of a manager without a photo: «Ирина Соколова» → «ИС». */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((part) => part !== '')
    .slice(0, 2)
    .map((part) => part[0]!.toLocaleUpperCase('ru-RU'))
    .join('');
}

/** A messenger given as an address (https://t.me/…) is a link; anything else («Telegram: @name») is text. */
export function messengerHref(messenger: string): string | null {
  return /^https:\/\/[^\s]+$/i.test(messenger.trim()) ? messenger.trim() : null;
}
