/**
 * The plain constants of the enquiry forms, apart from their zod schemas (enquiry.ts re-exports
 * them) so that a page can render a form without loading zod until the visitor submits.
 */

/** The spec (docs/product/site.md §5) messages. */
export const MISSING_REQUIRED_FIELDS = 'Missing required fields'
export const FILL_IN_REQUIRED_FIELDS = 'Please fill in all required fields'

export const BUSINESS_TYPES = ['retail', 'food', 'services', 'other'] as const
export const ENQUIRY_TYPES = ['general', 'leasing', 'complaint', 'other'] as const

/**
 * A hidden form field that people never see and bots fill in; an enquiry carrying it is accepted
 * and ignored.
 */
export const HONEYPOT_FIELD = 'website_url'
