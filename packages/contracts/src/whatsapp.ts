/**
 * WhatsApp click-to-chat (issue 18, item 3): a South African mobile number as people write it
 * ('082 123 4567', '+27 82 123 4567', '0027821234567') normalised to the international digits
 * wa.me wants ('27821234567'). Mobile numbers are 0 followed by 6x, 7x or 8[1-4]x and seven more
 * digits; 080 (toll-free), 086 (shared cost) and 087 (VoIP) are not mobiles, nor landlines (01x–05x).
 * The database holds the same rule (migration 20261128300000: `private.sa_mobile`).
 */

export const WHATSAPP_INVALID_MESSAGE =
  'Enter a South African mobile number, such as 082 123 4567 or +27 82 123 4567'

const NORMALISED = /^27(6\d|7[1-9]|8[1-4])\d{7}$/

/** '27821234567' from any accepted form; null when the text is not a South African mobile number. */
export function normaliseSaMobile(input: string): string | null {
  const text = input.trim()
  if (!/^\+?[\d\s().-]+$/.test(text)) return null
  let digits = text.replace(/\D/g, '')
  if (text.startsWith('+')) {
    // +27 … only; '+27 (0)82 …' is how some write it.
    if (!digits.startsWith('27')) return null
    digits = digits.replace(/^270/, '27')
  } else if (digits.startsWith('0027')) digits = digits.slice(2)
  else if (digits.startsWith('0')) digits = `27${digits.slice(1)}`
  return NORMALISED.test(digits) ? digits : null
}

/** Whether a stored value is a normalised South African mobile number. */
export function isNormalisedSaMobile(value: string): boolean {
  return NORMALISED.test(value)
}

/** '082 123 4567' for display, from '27821234567'. */
export function formatSaMobile(normalised: string): string {
  const local = `0${normalised.slice(2)}`
  return `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`
}

/** The greeting a chat opens with, naming the page the visitor came from. */
export function whatsappGreeting(page: string, centre = 'Genesis Centre'): string {
  return `Hello! I'm contacting you from the ${centre} website (${page}).`
}

/** `https://wa.me/27821234567?text=…` for a normalised number and a prefilled message. */
export function whatsappHref(normalised: string, text: string): string {
  return `https://wa.me/${normalised}?text=${encodeURIComponent(text)}`
}
