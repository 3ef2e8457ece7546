import { z } from 'zod'
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from './email.ts'

import {
  BUSINESS_TYPES,
  ENQUIRY_TYPES,
  FILL_IN_REQUIRED_FIELDS,
  HONEYPOT_FIELD,
  MISSING_REQUIRED_FIELDS,
} from './enquiry-fields.ts'

export { BUSINESS_TYPES, ENQUIRY_TYPES, FILL_IN_REQUIRED_FIELDS, HONEYPOT_FIELD, MISSING_REQUIRED_FIELDS }

const LIMITS = { name: 120, email: 254, phone: 40, company: 160, message: 5000, unit: 40 } as const

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`)
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined))
const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(LIMITS.email, INVALID_EMAIL_MESSAGE)
    .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
const honeypot = { [HONEYPOT_FIELD]: z.string().max(500).optional() }

// ----------------------------------------------------------------------------
// Forms as the visitor fills them in (docs/product/site.md §3, §5)
// ----------------------------------------------------------------------------

export const UnitEnquiryFormSchema = z.object({
  unitNumber: required(MISSING_REQUIRED_FIELDS, LIMITS.unit),
  name: required(MISSING_REQUIRED_FIELDS, LIMITS.name),
  email: email(MISSING_REQUIRED_FIELDS),
  phone: optional(LIMITS.phone),
  message: optional(LIMITS.message),
})
export type UnitEnquiryForm = z.input<typeof UnitEnquiryFormSchema>

export const LeasingFormSchema = z.object({
  firstName: required(FILL_IN_REQUIRED_FIELDS, LIMITS.name),
  lastName: required(FILL_IN_REQUIRED_FIELDS, LIMITS.name),
  email: email(FILL_IN_REQUIRED_FIELDS),
  phone: optional(LIMITS.phone),
  company: optional(LIMITS.company),
  businessType: z.enum(BUSINESS_TYPES).optional(),
  message: optional(LIMITS.message),
})
export type LeasingForm = z.input<typeof LeasingFormSchema>

export const ContactFormSchema = z.object({
  firstName: required(FILL_IN_REQUIRED_FIELDS, LIMITS.name),
  lastName: required(FILL_IN_REQUIRED_FIELDS, LIMITS.name),
  email: email(FILL_IN_REQUIRED_FIELDS),
  phone: optional(LIMITS.phone),
  enquiryType: z.enum(ENQUIRY_TYPES).optional(),
  message: required(FILL_IN_REQUIRED_FIELDS, LIMITS.message),
})
export type ContactForm = z.input<typeof ContactFormSchema>

// ----------------------------------------------------------------------------
// Bodies of the send-enquiry-email function (docs/product/site.md §7)
// ----------------------------------------------------------------------------

/** The unit dialog sends its form as it is (docs/product/site.md §7), plus the hidden honeypot. */
export const UnitEnquiryPayloadSchema = UnitEnquiryFormSchema.extend(honeypot)

/** The forms send first and last name joined as `name` (docs/product/site.md §7). */
const formSender = {
  name: required(FILL_IN_REQUIRED_FIELDS, LIMITS.name * 2 + 1),
  email: email(FILL_IN_REQUIRED_FIELDS),
  phone: optional(LIMITS.phone),
}

export const LeasingEnquiryPayloadSchema = z.object({
  source: z.literal('leasing_form'),
  ...formSender,
  company: optional(LIMITS.company),
  businessType: z
    .enum(BUSINESS_TYPES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  message: optional(LIMITS.message),
  ...honeypot,
})

export const ContactEnquiryPayloadSchema = z.object({
  source: z.literal('contact_page'),
  ...formSender,
  enquiryType: z
    .enum(ENQUIRY_TYPES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  message: required(FILL_IN_REQUIRED_FIELDS, LIMITS.message),
  ...honeypot,
})

export type UnitEnquiryPayload = z.input<typeof UnitEnquiryPayloadSchema>
export type LeasingEnquiryPayload = z.input<typeof LeasingEnquiryPayloadSchema>
export type ContactEnquiryPayload = z.input<typeof ContactEnquiryPayloadSchema>

export type ParsedEnquiry =
  | ({ kind: 'unit' } & z.output<typeof UnitEnquiryPayloadSchema>)
  | ({ kind: 'leasing' } & z.output<typeof LeasingEnquiryPayloadSchema>)
  | ({ kind: 'contact' } & z.output<typeof ContactEnquiryPayloadSchema>)

/**
 * Reads a send-enquiry-email body: the source decides the shape (leasing_form, contact_page, or
 * none for the unit dialog). Returns the spec's message of the first problem on failure.
 */
export function parseEnquiryPayload(
  body: unknown,
): { ok: true; enquiry: ParsedEnquiry } | { ok: false; error: string } {
  // Nothing to read (no body, or not a JSON object): the unit dialog's message, as for any missing field.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: MISSING_REQUIRED_FIELDS }
  }
  const source = 'source' in body ? body.source : undefined
  if (source === 'leasing_form') {
    const r = LeasingEnquiryPayloadSchema.safeParse(body)
    return r.success
      ? { ok: true, enquiry: { kind: 'leasing', ...r.data } }
      : { ok: false, error: firstMessage(r.error) }
  }
  if (source === 'contact_page') {
    const r = ContactEnquiryPayloadSchema.safeParse(body)
    return r.success
      ? { ok: true, enquiry: { kind: 'contact', ...r.data } }
      : { ok: false, error: firstMessage(r.error) }
  }
  const r = UnitEnquiryPayloadSchema.safeParse(body)
  return r.success
    ? { ok: true, enquiry: { kind: 'unit', ...r.data } }
    : { ok: false, error: firstMessage(r.error) }
}

/** The leasing form as the function expects it: first and last name joined, source set. */
export function leasingFormToPayload(form: z.output<typeof LeasingFormSchema>): LeasingEnquiryPayload {
  return {
    name: `${form.firstName} ${form.lastName}`,
    email: form.email,
    phone: form.phone,
    company: form.company,
    businessType: form.businessType,
    message: form.message,
    source: 'leasing_form',
  }
}

/** The contact form as the function expects it. */
export function contactFormToPayload(form: z.output<typeof ContactFormSchema>): ContactEnquiryPayload {
  return {
    name: `${form.firstName} ${form.lastName}`,
    email: form.email,
    phone: form.phone,
    message: form.message,
    enquiryType: form.enquiryType,
    source: 'contact_page',
  }
}

/** The message of a schema's first problem (what the forms and the function show). */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? FILL_IN_REQUIRED_FIELDS
}
