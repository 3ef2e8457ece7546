import { describe, expect, it } from 'vitest'
import { formatWhatsOnDates, isCurrent } from './whats-on.ts'
import { eventIcs, whatsOnJsonLd } from './whats-on-page.ts'

const item = {
  id: '9e000000-0000-4000-8000-000000000001',
  kind: 'event' as const,
  shop_id: null,
  shop_name: null,
  title: 'Farmers; Market, Saturday',
  body: 'Fresh produce\nand crafts',
  starts_at: '2026-11-28T05:00:00Z',
  ends_at: '2026-11-28T09:00:00Z',
  image_path: null,
  updated_at: '2026-11-27T10:00:00.123Z',
}

describe("what's on", () => {
  it('is current until it ends, then no longer', () => {
    expect(isCurrent(item, new Date('2026-11-28T08:59:59Z'))).toBe(true)
    expect(isCurrent(item, new Date('2026-11-28T09:00:00Z'))).toBe(false)
  })
  it('writes the dates in SAST, naming the end day only when it differs', () => {
    expect(formatWhatsOnDates(item)).toBe('Sat 28 Nov 07:00 – 11:00')
    expect(formatWhatsOnDates({ starts_at: item.starts_at, ends_at: '2026-12-09T15:00:00Z' })).toBe(
      'Sat 28 Nov 07:00 – Wed 9 Dec 17:00',
    )
  })
  it('makes an iCalendar event with escaped text, UTC times and CRLF lines', () => {
    const ics = eventIcs(item, {
      url: 'https://c.test/whats-on/1',
      location: 'Genesis Centre, Johannesburg',
      host: 'c.test',
    })
    expect(ics).toContain('\r\nDTSTART:20261128T050000Z\r\n')
    expect(ics).toContain('\r\nDTEND:20261128T090000Z\r\n')
    expect(ics).toContain('\r\nDTSTAMP:20261127T100000Z\r\n')
    expect(ics).toContain('SUMMARY:Farmers\\; Market\\, Saturday\r\n')
    expect(ics).toContain('DESCRIPTION:Fresh produce\\nand crafts\r\n')
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
  })
  it('folds lines longer than 75 octets', () => {
    const ics = eventIcs({ ...item, body: 'x'.repeat(200) }, { url: 'u', location: 'l', host: 'h' })
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
  })
  it('describes an event as an Event and a special as an Offer', () => {
    const page = {
      url: 'https://c.test/whats-on/1',
      imageUrl: null,
      centreName: 'Genesis',
      centreUrl: 'https://c.test',
    }
    expect(whatsOnJsonLd(item, page)).toMatchObject({ '@type': 'Event', startDate: item.starts_at })
    expect(
      whatsOnJsonLd({ ...item, kind: 'special', shop_id: 's', shop_name: 'Bean Theory' }, page),
    ).toMatchObject({ '@type': 'Offer', validThrough: item.ends_at, offeredBy: { name: 'Bean Theory' } })
  })
})
