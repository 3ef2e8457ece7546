import { describe, expect, it } from 'vitest'
import {
  formatOpeningHours,
  formatOpeningHoursShort,
  OpeningHoursSchema,
  openingHoursLines,
  toOpeningHoursSpecification,
} from './opening-hours.ts'

const weekdays = '08:00 - 18:00'
const standard = {
  monday: weekdays,
  tuesday: weekdays,
  wednesday: weekdays,
  thursday: weekdays,
  friday: weekdays,
  saturday: '08:00 - 13:00',
  sunday: '',
}
const everyDay = (h: string) => ({
  monday: h,
  tuesday: h,
  wednesday: h,
  thursday: h,
  friday: h,
  saturday: h,
  sunday: h,
})

describe('formatOpeningHours (full format)', () => {
  it('groups consecutive identical days, shows single days alone and empty days as Closed', () => {
    expect(formatOpeningHours(standard)).toBe('Mon-Fri: 08:00 - 18:00, Sat: 08:00 - 13:00, Sun: Closed')
  })

  it('gives one range for the whole week when every day is the same', () => {
    expect(formatOpeningHours(everyDay('09:00 - 17:00'))).toBe('Mon-Sun: 09:00 - 17:00')
  })

  it('is an empty string when no day has hours (blank, whitespace, missing or null)', () => {
    expect(formatOpeningHours({})).toBe('')
    expect(formatOpeningHours(everyDay(''))).toBe('')
    expect(formatOpeningHours(everyDay('   '))).toBe('')
    expect(formatOpeningHours({ monday: null, friday: undefined })).toBe('')
  })

  it('groups consecutive closed days and does not group days that are not adjacent', () => {
    expect(
      formatOpeningHours({
        monday: '',
        tuesday: '',
        wednesday: '10:00 - 14:00',
        thursday: '',
        friday: '10:00 - 14:00',
      }),
    ).toBe('Mon-Tue: Closed, Wed: 10:00 - 14:00, Thu: Closed, Fri: 10:00 - 14:00, Sat-Sun: Closed')
  })

  it('treats missing days as closed and trims the hours text', () => {
    expect(formatOpeningHours({ saturday: ' 09:00 - 12:00 ' })).toBe(
      'Mon-Fri: Closed, Sat: 09:00 - 12:00, Sun: Closed',
    )
  })

  it('keeps free text as it is', () => {
    expect(formatOpeningHours({ ...everyDay('By appointment'), sunday: '' })).toBe(
      'Mon-Sat: By appointment, Sun: Closed',
    )
  })

  it('exposes the same result as lines for display', () => {
    expect(openingHoursLines(standard)).toEqual([
      { days: 'Mon-Fri', hours: weekdays },
      { days: 'Sat', hours: '08:00 - 13:00' },
      { days: 'Sun', hours: 'Closed' },
    ])
    expect(openingHoursLines({})).toEqual([])
  })
})

describe('formatOpeningHoursShort', () => {
  it('shows Mon, Tue and Wed only, with an ellipsis when a later day differs from Monday', () => {
    expect(formatOpeningHoursShort(standard)).toBe(
      'Mon: 08:00 - 18:00, Tue: 08:00 - 18:00, Wed: 08:00 - 18:00...',
    )
  })

  it('has no ellipsis when Thursday to Sunday all match Monday', () => {
    expect(formatOpeningHoursShort(everyDay('07:00 - 21:00'))).toBe(
      'Mon: 07:00 - 21:00, Tue: 07:00 - 21:00, Wed: 07:00 - 21:00',
    )
  })

  it('ignores Tuesday and Wednesday differences for the ellipsis rule', () => {
    expect(
      formatOpeningHoursShort({ ...everyDay('09:00 - 17:00'), tuesday: '', wednesday: '10:00 - 12:00' }),
    ).toBe('Mon: 09:00 - 17:00, Tue: Closed, Wed: 10:00 - 12:00')
  })

  it.each(['thursday', 'friday', 'saturday', 'sunday'] as const)(
    'adds the ellipsis when only %s differs',
    (day) => {
      expect(formatOpeningHoursShort({ ...everyDay('09:00 - 17:00'), [day]: '09:00 - 13:00' })).toMatch(
        /\.\.\.$/,
      )
    },
  )

  it('shows Closed for empty days and no ellipsis when every day is closed', () => {
    expect(formatOpeningHoursShort({})).toBe('Mon: Closed, Tue: Closed, Wed: Closed')
  })

  it('adds the ellipsis when Monday is closed but the weekend is open', () => {
    expect(formatOpeningHoursShort({ saturday: '09:00 - 13:00' })).toBe(
      'Mon: Closed, Tue: Closed, Wed: Closed...',
    )
  })
})

describe('OpeningHoursSchema', () => {
  it('reads stored hours, dropping values that are not text', () => {
    expect(OpeningHoursSchema.parse({ monday: '08:00 - 17:00', tuesday: 5, extra: 'x' })).toEqual({
      monday: '08:00 - 17:00',
      tuesday: undefined,
    })
    expect(OpeningHoursSchema.parse('nonsense')).toEqual({})
  })
})

describe('toOpeningHoursSpecification', () => {
  it('groups days sharing a range and skips closed or free-text days', () => {
    expect(toOpeningHoursSpecification({ ...standard, sunday: 'By appointment' })).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '13:00' },
    ])
  })

  it('pads single-digit hours', () => {
    expect(toOpeningHoursSpecification({ monday: '7:30-9:00' })[0]).toMatchObject({
      opens: '07:30',
      closes: '09:00',
    })
  })
})
