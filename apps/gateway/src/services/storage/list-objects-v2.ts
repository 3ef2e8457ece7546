import type { Handler } from 'hono'
import { z } from 'zod'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { ERRORS, jsonBody } from './errors.ts'
import { bucketAddress } from './names.ts'
import { isoTimestamp } from './shapes.ts'

const MAX_KEYS = 1000
const SORT_COLUMNS = ['name', 'updated_at', 'created_at'] as const
const SORT_ORDERS = ['asc', 'desc'] as const
type SortColumn = (typeof SORT_COLUMNS)[number]
type SortOrder = (typeof SORT_ORDERS)[number]

// Keys the client may send that this server does not act on (versioning is not offered) are ignored,
// as supabase/storage ignores keys outside its body schema.
const ListV2Schema = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).default(MAX_KEYS),
  cursor: z.string().max(4096).optional(),
  with_delimiter: z.boolean().default(false),
  sortBy: z.object({ column: z.enum(SORT_COLUMNS), order: z.enum(SORT_ORDERS).optional() }).optional(),
})

/** Where the next page starts: the last entry's name and, for a timestamp order, its timestamp. */
interface Cursor {
  after: string
  order: SortOrder
  column?: SortColumn
  afterTimestamp?: string
}

// The cursor is opaque to clients; it is written as supabase/storage writes its continuation token
// (base64 of `key:value` lines: l = last name, o = order, c = column, a = last timestamp), so a
// cursor reads the same on either server.
const CURSOR_KEYS = { l: 'after', o: 'order', c: 'column', a: 'afterTimestamp' } as const

export function encodeCursor(cursor: Cursor): string {
  const lines: string[] = []
  for (const [key, field] of Object.entries(CURSOR_KEYS)) {
    const value = cursor[field]
    if (value) lines.push(`${key}:${value}`)
  }
  return Buffer.from(lines.join('\n')).toString('base64')
}

export function decodeCursor(token: string): Cursor {
  const refuse = () => ERRORS.InvalidParameter('continuation token')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(token)) throw refuse()
  const fields: Record<string, string> = {}
  for (const line of Buffer.from(token, 'base64').toString('utf8').split('\n')) {
    const match = /^(\S):(.*)$/s.exec(line)
    if (!match || !(match[1] in CURSOR_KEYS)) throw refuse()
    fields[CURSOR_KEYS[match[1] as keyof typeof CURSOR_KEYS]] = match[2]
  }
  const order = fields.order ?? 'asc'
  const column = fields.column
  if (!fields.after || !SORT_ORDERS.includes(order as SortOrder)) throw refuse()
  if (column !== undefined && !SORT_COLUMNS.includes(column as SortColumn)) throw refuse()
  const afterTimestamp = fields.afterTimestamp
  if (afterTimestamp !== undefined && Number.isNaN(Date.parse(afterTimestamp))) throw refuse()
  return {
    after: fields.after,
    order: order as SortOrder,
    column: column as SortColumn | undefined,
    afterTimestamp,
  }
}

const EntryRowSchema = z.object({
  name: z.string(),
  id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  updated_at: z.string().nullable(),
  created_at: z.string().nullable(),
  last_accessed_at: z.string().nullable(),
  /** The entry's timestamp in the sort column, cut to milliseconds as the cursor keeps it. */
  sort_ts: z.string().nullable(),
})
type EntryRow = z.infer<typeof EntryRowSchema>

/**
 * The entries of one listing, before paging: every object whose name starts with the prefix or,
 * with a delimiter, the objects directly under it and one folder per common prefix (`a/b/`), dated
 * by its oldest object (as supabase/storage dates folders). `$1` bucket, `$2` prefix.
 */
function entriesSql(withDelimiter: boolean): string {
  if (!withDelimiter) {
    return `select o.name, o.id, o.metadata, o.updated_at, o.created_at, o.last_accessed_at
      from storage.objects o
      where o.bucket_id = $1 and left(o.name, char_length($2)) = $2`
  }
  return `with level as (
      select o.*, substr(o.name, char_length($2) + 1) as rest
      from storage.objects o
      where o.bucket_id = $1 and left(o.name, char_length($2)) = $2
    )
    select $2 || split_part(rest, '/', 1) || '/' as name, null::uuid as id, null::jsonb as metadata,
           min(created_at) as updated_at, min(created_at) as created_at, null::timestamptz as last_accessed_at
    from level where strpos(rest, '/') > 0
    group by split_part(rest, '/', 1)
    union all
    select name, id, metadata, updated_at, created_at, last_accessed_at
    from level where strpos(rest, '/') = 0`
}

/** The segment of `name` right after the prefix's last folder (supabase/storage's `key`). */
function keyOf(name: string, prefix: string): string {
  return name.slice(prefix.lastIndexOf('/') + 1).split('/')[0]
}

/**
 * `POST /object/list-v2/⟨bucket⟩` (docs/protocol/storage.md §4.5): a page of the objects whose
 * names start with `prefix` — flat, or with `with_delimiter` one level as folders and objects —
 * ordered by name (bytewise) or a timestamp, with an opaque `cursor` for the next page. Rows come
 * through RLS as the caller, so a listing never shows what the caller could not read.
 */
export function listObjectsV2(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const bucket = bucketAddress(c)
    const body = await jsonBody(c, deps.config, ListV2Schema)
    const prefix = body.prefix.normalize('NFC')
    const limit = Math.min(body.limit, MAX_KEYS)
    const cursor = body.cursor === undefined || body.cursor === '' ? undefined : decodeCursor(body.cursor)
    // A cursor carries the order it was made with, as upstream's does: later pages keep it.
    const column: SortColumn = cursor ? (cursor.column ?? 'name') : (body.sortBy?.column ?? 'name')
    const order: SortOrder = cursor ? cursor.order : (body.sortBy?.order ?? 'asc')
    const byTime = column !== 'name'
    const op = order === 'asc' ? '>' : '<'

    const params: unknown[] = [bucket, prefix]
    let where = 'true'
    if (cursor) {
      params.push(cursor.after)
      if (byTime) {
        params.push(cursor.afterTimestamp ?? null)
        where = `(coalesce(sort_ts, 'epoch'::timestamptz), name collate "C") ${op} (coalesce($4::timestamptz, 'epoch'::timestamptz), $3::text)`
      } else {
        where = `name collate "C" ${op} $3::text`
      }
    }
    params.push(limit + 1)
    // column and order come from closed enums, so they may be spliced in.
    const sql = `with entries as (${entriesSql(body.with_delimiter)}),
      sorted as (
        select e.*, ${byTime ? `date_trunc('milliseconds', e.${column})` : 'null::timestamptz'} as sort_ts
        from entries e
      )
      select name, id, metadata, updated_at, created_at, last_accessed_at, sort_ts from sorted
      where ${where}
      order by ${byTime ? `coalesce(sort_ts, 'epoch'::timestamptz) ${order}, ` : ''}name collate "C" ${order}
      limit $${params.length}`

    const { rows } = await asCaller(deps.db, c.get('caller'), (tx) => tx.query(sql, params), {
      readOnly: true,
      request: requestInfo(c),
    })
    const entries = z.array(EntryRowSchema).parse(rows)
    const hasNext = entries.length > limit
    const page = entries.slice(0, limit)

    const folders: Array<{ name: string; key?: string; id: null }> = []
    const objects: Array<Record<string, unknown>> = []
    for (const entry of page) {
      if (entry.id === null) {
        folders.push({ id: null, name: entry.name, key: keyOf(entry.name, prefix) })
      } else {
        objects.push(objectEntry(entry, body.with_delimiter ? keyOf(entry.name, prefix) : undefined))
      }
    }

    const last = page.at(-1)
    const next =
      hasNext && last
        ? {
            nextCursor: encodeCursor({
              after: last.name,
              order,
              column: body.sortBy || cursor?.column ? column : undefined,
              afterTimestamp: byTime && last.sort_ts ? isoTimestamp(last.sort_ts) : undefined,
            }),
            nextCursorKey: last.name,
          }
        : {}
    return c.json({ hasNext, ...next, folders, objects })
  }
}

function objectEntry(entry: EntryRow, key: string | undefined) {
  return {
    ...(key === undefined ? {} : { key }),
    name: entry.name,
    id: entry.id,
    updated_at: entry.updated_at && isoTimestamp(entry.updated_at),
    created_at: entry.created_at && isoTimestamp(entry.created_at),
    last_accessed_at: entry.last_accessed_at && isoTimestamp(entry.last_accessed_at),
    metadata: entry.metadata,
  }
}
