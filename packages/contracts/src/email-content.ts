/**
 * What one e-mail says, independent of its layout: the gateway's mail module renders it into HTML
 * and text, and the functions (which may also run as Supabase Edge Functions) write it. Every
 * string is plain text; the renderer escapes it.
 */
export interface EmailContent {
  /** The line mail clients show after the subject. */
  preheader?: string
  heading: string
  paragraphs: string[]
  /** Label/value rows, e.g. the fields of an enquiry. Empty values are left out. */
  details?: Array<[label: string, value: string | undefined]>
  /** One call to action; its URL must be absolute (http or https). */
  button?: { label: string; url: string }
  /** Small print under the contacts block (why you got this). */
  footer?: string[]
  /** Links in the small print, e.g. Unsubscribe; URLs must be absolute (http or https). */
  footerLinks?: Array<{ label: string; url: string }>
}
