import type { Handler } from 'hono'
import { z } from 'zod'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { jsonBody } from './errors.ts'
import { bucketAddress } from './names.ts'
import { ObjectRowSchema } from './rows.ts'
import { fileObjectShape } from './shapes.ts'

const ListSchema = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().max(1024).optional(),
})

/** Folder semantics: "" is the root, "a" and "a/" both mean the folder a. */
export function folderPrefix(prefix: string): string {
  const trimmed = prefix.normalize('NFC').replace(/^\/+/, '')
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`
}

const EntrySchema = z.object({ entry: z.string(), row: z.unknown() })

/**
 * `POST /object/list/⟨bucket⟩`: the immediate children of a folder, files as full rows and
 * sub-folders as pseudo-entries (docs/protocol/storage.md §4.5). Rows come through RLS, so a folder
 * appears only if the caller can see something in it.
 */
export function listObjects(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const bucket = bucketAddress(c)
    const body = await jsonBody(c, deps.config, ListSchema)
    const prefix = folderPrefix(body.prefix)
    const column = body.sortBy.column === 'name' ? 'entry collate "C"' : body.sortBy.column
    // column and order come from closed enums, so they may be spliced in.
    const sql = `with level as (
        select o.*, substr(o.name, char_length($2) + 1) as rest
        from storage.objects o
        where o.bucket_id = $1 and left(o.name, char_length($2)) = $2
      ), entries as (
        select split_part(rest, '/', 1) as entry, null::jsonb as row,
               null::timestamptz as created_at, null::timestamptz as updated_at,
               null::timestamptz as last_accessed_at
        from level where strpos(rest, '/') > 0
        group by split_part(rest, '/', 1)
        union all
        select rest, to_jsonb(level) - 'rest', created_at, updated_at, last_accessed_at
        from level where strpos(rest, '/') = 0
      )
      select entry, row from entries
      where $3::text is null or left(lower(entry), char_length($3)) = lower($3)
      order by ${column} ${body.sortBy.order}, entry collate "C" asc
      limit $4 offset $5`
    const { rows } = await asCaller(
      deps.db,
      c.get('caller'),
      (tx) => tx.query(sql, [bucket, prefix, body.search ?? null, body.limit, body.offset]),
      { readOnly: true, request: requestInfo(c) },
    )
    const entries = z.array(EntrySchema).parse(rows)
    return c.json(
      entries.map(({ entry, row }) =>
        row === null
          ? {
              name: entry,
              id: null,
              updated_at: null,
              created_at: null,
              last_accessed_at: null,
              metadata: null,
            }
          : fileObjectShape(ObjectRowSchema.parse(row), entry),
      ),
    )
  }
}
