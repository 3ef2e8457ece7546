/**
 * The notifications POPIA s22 asks for after a security compromise, drafted from the register's
 * record: one to the people affected and one to the Information Regulator. s22(5) lists what they
 * must let the reader understand: the possible consequences, the measures taken or intended, what
 * the person affected should do, and the identity of the unauthorised person if known. A draft
 * for the admin to check and send: the product sends nothing on its own.
 */
export interface SecurityCompromise {
  id: string
  title: string
  description: string
  information_affected: string
  people_affected: string
  affected_count: number | null
  occurred_at: string | null
  discovered_at: string
  consequences: string
  measures: string
  recommendations: string
  unauthorised_party: string
  regulator_notified_at: string | null
  people_notified_at: string | null
  status: 'open' | 'closed'
  created_at: string
  updated_at: string
}

export interface ResponsibleParty {
  centre_name: string
  address: string
  phone: string
  management_email: string
}

const day = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeZone: 'Africa/Johannesburg' })
const moment = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
})

const or = (text: string, fallback: string) => (text.trim() ? text.trim() : fallback)

export function noticeToAffectedPeople(c: SecurityCompromise, party: ResponsibleParty): string {
  return [
    `Subject: ${party.centre_name}: your personal information may have been accessed`,
    '',
    'Dear tenant, visitor or subscriber,',
    '',
    `We are writing to tell you about a security compromise at ${party.centre_name} that may involve your personal information, as the Protection of Personal Information Act (section 22) requires.`,
    '',
    `What happened: ${c.description.trim()}`,
    c.occurred_at
      ? `When: it happened on ${day.format(new Date(c.occurred_at))} and we discovered it on ${day.format(new Date(c.discovered_at))}.`
      : `When: we discovered it on ${day.format(new Date(c.discovered_at))}.`,
    `What information is involved: ${or(c.information_affected, 'we are still establishing which information was reached.')}`,
    `What this could mean for you: ${or(c.consequences, 'we are still assessing the possible consequences.')}`,
    `What we have done: ${or(c.measures, 'we are taking steps to contain the compromise and to prevent it from happening again.')}`,
    `What you can do: ${or(c.recommendations, 'be cautious of unexpected messages asking for personal details or payments, and contact us if anything looks wrong.')}`,
    `Who gained access: ${or(c.unauthorised_party, 'we do not know the identity of the person who gained access.')}`,
    '',
    `If you have questions, contact our Information Officer at ${party.management_email} or ${party.phone}. You may also lodge a complaint with the Information Regulator (complaints.IR@justice.gov.za).`,
    '',
    'Kind regards,',
    `${party.centre_name}`,
    party.address,
  ].join('\n')
}

export function noticeToRegulator(c: SecurityCompromise, party: ResponsibleParty): string {
  const count = c.affected_count === null ? 'not yet known' : String(c.affected_count)
  return [
    'To: The Information Regulator (South Africa)',
    `Subject: Notification of a security compromise (section 22, POPIA): ${c.title.trim()}`,
    '',
    `Responsible party: ${party.centre_name}, ${party.address}`,
    `Contact (Information Officer): ${party.management_email}, ${party.phone}`,
    '',
    `Description of the compromise: ${c.description.trim()}`,
    `Date it occurred: ${c.occurred_at ? moment.format(new Date(c.occurred_at)) : 'not yet known'}`,
    `Date it was discovered: ${moment.format(new Date(c.discovered_at))}`,
    `Personal information involved: ${or(c.information_affected, 'being established')}`,
    `Categories of data subjects affected: ${or(c.people_affected, 'being established')}`,
    `Approximate number of data subjects affected: ${count}`,
    `Possible consequences: ${or(c.consequences, 'being assessed')}`,
    `Measures taken or intended: ${or(c.measures, 'being determined')}`,
    `Recommendations to data subjects: ${or(c.recommendations, 'to be cautious of unexpected requests for personal details or payments')}`,
    `Identity of the unauthorised person: ${or(c.unauthorised_party, 'unknown')}`,
    `Data subjects notified: ${c.people_notified_at ? moment.format(new Date(c.people_notified_at)) : 'not yet'}`,
  ].join('\n')
}
