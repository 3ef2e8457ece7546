import { publicRest } from '../../../lib/backend'

export interface PrivacyNotice {
  responsible_party: string
  information_officer_name: string
  information_officer_email: string
  information_officer_phone: string
  privacy_shared_with: string
}

/** The notice's own columns of centre_settings (a page rendered on request hands them over, prerender.tsx). */
const NOTICE_SELECT =
  'responsible_party, information_officer_name, information_officer_email, information_officer_phone, privacy_shared_with'
export const NOTICE_COLUMNS = NOTICE_SELECT.split(', ')
export const NOTICE_QUERY_KEY = ['privacy-notice'] as const

/** The notice's own part of centre_settings, read by /privacy only (the other pages never load it). */
export async function getPrivacyNotice(): Promise<PrivacyNotice> {
  const { data, error } = await (await publicRest()).from('centre_settings').select(NOTICE_SELECT).single()
  if (error) throw new Error(`Failed to fetch the privacy notice: ${error.message}`)
  return data as PrivacyNotice
}
