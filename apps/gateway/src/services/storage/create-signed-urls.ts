import type { Handler } from 'hono'
import { z } from 'zod'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { jsonBody } from './errors.ts'
import { bucketAddress } from './names.ts'
import { ExpiresIn, signDownloadToken } from './signed-token.ts'

const SignManySchema = z.object({
  expiresIn: ExpiresIn,
  paths: z.array(z.string().max(1024)).min(1).max(1000),
})
const NOT_FOUND = 'Either the object does not exist or you do not have access to it'

/** `POST /object/sign/⟨bucket⟩` with `{paths}`: one entry per path, an error for those the caller cannot read. */
export function createSignedUrls(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const bucket = bucketAddress(c)
    const { expiresIn, paths } = await jsonBody(c, deps.config, SignManySchema)
    const names = paths.map((p) => p.normalize('NFC'))
    const visible = await asCaller(
      deps.db,
      c.get('caller'),
      async (tx) => {
        const { rows } = await tx.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucket, names],
        )
        return new Set(rows.map((r) => r.name))
      },
      { readOnly: true, request: requestInfo(c) },
    )
    const entries = await Promise.all(
      names.map(async (name, i) => {
        if (!visible.has(name)) return { path: paths[i], signedURL: null, error: NOT_FOUND }
        const url = `${bucket}/${name}`
        const token = await signDownloadToken(deps.keys, url, expiresIn)
        return { path: paths[i], signedURL: `/object/sign/${url}?token=${token}`, error: null }
      }),
    )
    return c.json(entries)
  }
}
