import type { WhatsOnItem } from './whats-on.ts'

// An item's own page: its JSON-LD and its calendar file. Apart from whats-on.ts so that the lists
// (home, /whats-on) do not carry them in their first-paint JavaScript.

/** schema.org Event (the centre's) or Offer (a store's special), for the item's own page. */
export function whatsOnJsonLd(
  item: WhatsOnItem,
  page: { url: string; imageUrl: string | null; centreName: string; centreUrl: string },
) {
  const centre = { '@type': 'ShoppingCenter', '@id': `${page.centreUrl}/#centre`, name: page.centreName }
  if (item.kind === 'event')
    return {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: item.title,
      description: item.body,
      startDate: item.starts_at,
      endDate: item.ends_at,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { ...centre, '@type': ['ShoppingCenter', 'Place'] },
      organizer: centre,
      image: page.imageUrl ?? undefined,
      url: page.url,
    }
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: item.title,
    description: item.body,
    validFrom: item.starts_at,
    validThrough: item.ends_at,
    availableAtOrFrom: { '@type': 'Store', name: item.shop_name ?? undefined, containedInPlace: centre },
    offeredBy: { '@type': 'Store', name: item.shop_name ?? undefined },
    image: page.imageUrl ?? undefined,
    url: page.url,
  }
}

const icsTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
/** Lines of at most 75 octets, continued with a leading space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length
    if (size + n > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += ch
    size += n
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** An iCalendar file with the event, for "Add to calendar" (times in UTC). */
export function eventIcs(
  item: Pick<WhatsOnItem, 'id' | 'title' | 'body' | 'starts_at' | 'ends_at' | 'updated_at'>,
  page: { url: string; location: string; host: string },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Genesis Centre//What’s on//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${item.id}@${page.host}`,
    `DTSTAMP:${icsTime(item.updated_at)}`,
    `DTSTART:${icsTime(item.starts_at)}`,
    `DTEND:${icsTime(item.ends_at)}`,
    `SUMMARY:${icsText(item.title)}`,
    `DESCRIPTION:${icsText(item.body)}`,
    `LOCATION:${icsText(page.location)}`,
    `URL:${page.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}
