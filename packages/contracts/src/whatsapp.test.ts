import { describe, expect, it } from 'vitest'
import { formatSaMobile, normaliseSaMobile, whatsappGreeting, whatsappHref } from './whatsapp.ts'

describe('normaliseSaMobile', () => {
  it.each([
    ['0821234567', '27821234567'],
    ['082 123 4567', '27821234567'],
    ['+27 82 123 4567', '27821234567'],
    ['+27821234567', '27821234567'],
    ['27821234567', '27821234567'],
    ['0027 82 123 4567', '27821234567'],
    ['+27 (0)82 123 4567', '27821234567'],
    ['072-555-0101', '27725550101'],
    ['060 123 4567', '27601234567'],
  ])('accepts %s as %s', (input, normalised) => {
    expect(normaliseSaMobile(input)).toBe(normalised)
  })

  it.each([
    ['a landline', '011 274 5300'],
    ['a toll-free number', '0800 123 456'],
    ['a shared-cost number', '0861 888 879'],
    ['too short', '082 123 456'],
    ['too long', '082 123 45678'],
    ['another country', '+44 7700 900123'],
    ['letters', '082 CALL NOW'],
    ['empty', ''],
  ])('refuses %s (%s)', (_what, input) => {
    expect(normaliseSaMobile(input)).toBeNull()
  })
})

describe('wa.me links', () => {
  it('carry the number and a greeting naming the page', () => {
    expect(whatsappHref('27821234567', whatsappGreeting('Fresh Basket Market'))).toBe(
      "https://wa.me/27821234567?text=Hello!%20I'm%20contacting%20you%20from%20the%20Genesis%20Centre%20website%20(Fresh%20Basket%20Market).",
    )
    expect(formatSaMobile('27821234567')).toBe('082 123 4567')
  })
})
