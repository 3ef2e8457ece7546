import { describe, expect, it } from 'vitest'
import { noticeToAffectedPeople, noticeToRegulator, type SecurityCompromise } from './compromise-notice'

const party = {
  centre_name: 'Genesis Centre',
  address: '1 Main Road, Johannesburg',
  phone: '011 274 5300',
  management_email: 'management@genesis.test',
}

const incident: SecurityCompromise = {
  id: '1',
  title: 'Stolen laptop',
  description: 'A laptop holding the tenant contact list was stolen from a car.',
  information_affected: 'Names, e-mail addresses and phone numbers of tenant contacts',
  people_affected: 'Tenant contacts',
  affected_count: 42,
  occurred_at: '2026-11-20T08:00:00Z',
  discovered_at: '2026-11-21T09:30:00Z',
  consequences: 'Phishing e-mails or calls pretending to be the centre',
  measures: 'The laptop was wiped remotely and passwords were changed',
  recommendations: 'Do not pay into a new bank account without calling us',
  unauthorised_party: '',
  regulator_notified_at: null,
  people_notified_at: null,
  status: 'open',
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
}

describe('security compromise notices (POPIA s22)', () => {
  it('tells the people affected what s22(5) requires, with whom to contact', () => {
    const text = noticeToAffectedPeople(incident, party)
    for (const part of [
      'A laptop holding the tenant contact list was stolen from a car.',
      'happened on 20 November 2026 and we discovered it on 21 November 2026',
      'What this could mean for you: Phishing e-mails',
      'What we have done: The laptop was wiped remotely',
      'What you can do: Do not pay into a new bank account',
      'we do not know the identity of the person who gained access',
      'management@genesis.test or 011 274 5300',
      'Information Regulator',
    ]) {
      expect(text).toContain(part)
    }
  })

  it('gives the Regulator the responsible party, dates, counts and measures; says what is not known yet', () => {
    const text = noticeToRegulator({ ...incident, affected_count: null, occurred_at: null }, party)
    expect(text).toContain('Responsible party: Genesis Centre, 1 Main Road, Johannesburg')
    expect(text).toContain(
      'Subject: Notification of a security compromise (section 22, POPIA): Stolen laptop',
    )
    expect(text).toContain('Date it occurred: not yet known')
    expect(text).toContain('Date it was discovered: 21 November 2026')
    expect(text).toContain('Approximate number of data subjects affected: not yet known')
    expect(text).toContain('Identity of the unauthorised person: unknown')
    expect(text).toContain('Data subjects notified: not yet')
    expect(noticeToRegulator(incident, party)).toContain('Approximate number of data subjects affected: 42')
  })
})
