import type { ReactNode } from 'react'
import type { z } from 'zod'
import type { DataColumn } from '../../../components/ui/data-table'
import type { FieldErrors } from '../../../lib/use-validated-form'

/** What the generic list and form need to know about one kind of record (shops, vacant units, tenants). */
/** Any form: the list and the API do not look at the form's type. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyForm = any
export interface AnyRow {
  id: string
  updated_at: string
}

export interface RecordKind<
  Row extends { id: string; updated_at: string },
  Form extends Record<string, unknown>,
> {
  /** The REST table. */
  table: 'shops' | 'vacant_shops' | 'tenants' | 'public_holidays'
  /** 'shop', 'vacant unit', 'tenant' (in messages). */
  singular: string
  /** The list page's title and the table's label ('Shops'). */
  plural: string
  select: string
  parse: (row: unknown) => Row
  /** Columns searched with `ilike` by the list's search box. */
  searchColumns: readonly string[]
  searchLabel: string
  sorts: readonly string[]
  defaultSort: string
  columns: DataColumn<Row>[]
  /** How a person names one record ('G01 Fresh Basket Market'). */
  nameOf: (row: Row) => string
  schema: z.ZodType<Record<string, unknown>, Form>
  emptyForm: () => Form
  toForm: (row: Row) => Form
  /** The form's own fields. */
  Fields: (props: {
    values: Form
    set: <K extends keyof Form>(key: K) => (value: Form[K]) => void
    errors: FieldErrors<Form>
    recordId: string | undefined
  }) => ReactNode
  paths: { list: () => string; create: () => string; edit: (id: string) => string }
  /** Shown under the form of a saved record (a tenant's portal account). */
  Extra?: (props: { row: Row }) => ReactNode
  /**
   * An option of the New form carried out once the record is created (invite the tenant to the
   * portal): `run` resolves with what to tell the admin, or rejects with why it did not work.
   */
  afterCreate?: { label: string; hint: string; run: (saved: Row) => Promise<string> }
  /** A database refusal explained in the record's words (e.g. a delete other rows depend on). */
  explain?: (error: { code?: string; message: string }, op: 'save' | 'delete') => string | undefined
}
