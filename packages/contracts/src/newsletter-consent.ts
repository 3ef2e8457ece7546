/**
 * The consent wording shown under the newsletter form and stored with every sign-up in the consent
 * ledger (POPIA s11: consent must be provable, so the words recorded are the words shown). A module
 * of its own so the home page can show it without loading zod.
 */
export function newsletterConsentText(centreName: string): string {
  return `I agree to receive news about stores and events at ${centreName}. I can unsubscribe at any time.`
}
