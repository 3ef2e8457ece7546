import { toCsv } from '@genesis/contracts/csv'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

type Row = Record<string, unknown>

/** What public.privacy_find_person returns (migration 20261124800100): every record, every field. */
export interface PersonRecords {
  subject: { kind: 'email' | 'phone'; value: string }
  enquiries: Row[]
  newsletter_subscribers: Row[]
  consent_history: Row[]
  tenants: Row[]
  accounts: Row[]
  maintenance_requests: Row[]
  maintenance_comments: Row[]
  maintenance_photos: Row[]
  monitoring: Row[]
  statements: Row[]
  payment_proofs: Row[]
}
export type RecordKind = Exclude<keyof PersonRecords, 'subject'>

/** Each kind as the admin reads it, and what an erasure does to it (the database decides). */
export const RECORD_KINDS: { kind: RecordKind; title: string; erasure: string }[] = [
  { kind: 'enquiries', title: 'Enquiries', erasure: 'Deleted' },
  {
    kind: 'newsletter_subscribers',
    title: 'Newsletter subscription and consent',
    erasure: 'Deleted; the address stays on the suppression list as a hash, so it is never mailed again',
  },
  {
    kind: 'consent_history',
    title: 'Newsletter consent history',
    erasure:
      'Kept as the proof of what was agreed and when, without the address: only its hash, like the suppression list',
  },
  {
    kind: 'tenants',
    title: 'Tenant contact',
    erasure: 'Anonymised: statements keep pointing at the record',
  },
  { kind: 'accounts', title: 'Sign-in account', erasure: "Deleted (an administrator's account is kept)" },
  { kind: 'maintenance_requests', title: 'Maintenance requests', erasure: 'Deleted with their history' },
  { kind: 'maintenance_comments', title: 'Maintenance comments', erasure: 'Deleted' },
  { kind: 'maintenance_photos', title: 'Maintenance photos', erasure: 'Deleted' },
  {
    kind: 'monitoring',
    title: 'Monitoring rows with their account',
    erasure: "Deleted (an administrator's are kept with the account)",
  },
  {
    kind: 'statements',
    title: 'Statements',
    erasure: 'Kept (financial records) with the tenant name anonymised',
  },
  { kind: 'payment_proofs', title: 'Proofs of payment', erasure: 'Kept (financial records)' },
]

const isRows = (v: unknown): v is Row[] =>
  Array.isArray(v) && v.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))

/** Checks the shape (no schema library here: zod's extra parts would land in the public pages' shared chunk). */
export function parsePersonRecords(data: unknown): PersonRecords {
  const d = data as Partial<Record<keyof PersonRecords, unknown>> | null
  const subject = d?.subject as PersonRecords['subject'] | undefined
  if (
    !d ||
    !subject ||
    (subject.kind !== 'email' && subject.kind !== 'phone') ||
    typeof subject.value !== 'string'
  ) {
    throw new Error('Unexpected answer from privacy_find_person')
  }
  for (const { kind } of RECORD_KINDS) {
    if (!isRows(d[kind])) throw new Error(`Unexpected answer from privacy_find_person: ${kind}`)
  }
  return d as PersonRecords
}

export function countRecords(found: PersonRecords): number {
  return RECORD_KINDS.reduce((n, k) => n + found[k.kind].length, 0)
}

/** Everything found about a person (admin with the second factor only; the database refuses others). */
export async function findPerson(query: string): Promise<PersonRecords> {
  const { data, error } = await getSupabase().rpc('privacy_find_person', { query })
  if (error) throw error
  return parsePersonRecords(data)
}

export const personRecordsQueryKey = (query: string) => ['admin', 'privacy', 'person', query] as const

export function usePersonRecords(query: string) {
  return useQuery({
    queryKey: personRecordsQueryKey(query),
    queryFn: () => findPerson(query),
    enabled: query !== '',
    retry: false,
  })
}

export type ErasureSummary = { id: string } & Record<string, unknown>

export async function erasePerson(query: string, reason: string): Promise<ErasureSummary> {
  const { data, error } = await getSupabase().rpc('privacy_erase_person', { query, reason })
  if (error) throw error
  const summary = data as ErasureSummary | null
  if (!summary || typeof summary.id !== 'string') throw new Error('The erasure returned no record of itself')
  return summary
}

export function useErasePerson() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ query, reason }: { query: string; reason: string }) => erasePerson(query, reason),
    onSettled: (_data, _error, { query }) =>
      client.invalidateQueries({ queryKey: personRecordsQueryKey(query) }),
  })
}

/** A cell value as text: nested objects and arrays as JSON. */
const cell = (v: unknown): string | number | boolean | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
      ? v
      : JSON.stringify(v)

/**
 * The whole set as CSV, one line per field (kind, record id, field, value), so every field of every
 * kind is in it; written by the product's one CSV writer, which keeps any cell from starting a
 * formula.
 */
export function personRecordsCsv(found: PersonRecords): string {
  const lines: (string | number | boolean | null)[][] = [['Kind', 'Record', 'Field', 'Value']]
  for (const { kind } of RECORD_KINDS) {
    for (const row of found[kind]) {
      const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : ''
      for (const [field, value] of Object.entries(row)) lines.push([kind, id, field, cell(value)])
    }
  }
  return toCsv(lines, { bom: true })
}

export function personRecordsJson(found: PersonRecords): string {
  return `${JSON.stringify({ exported_at: new Date().toISOString(), ...found }, null, 2)}\n`
}
