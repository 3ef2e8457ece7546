import type { Handler } from 'hono'
import { z } from 'zod'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { jsonBody } from './errors.ts'
import { findObject } from './find-object.ts'
import { objectAddress } from './names.ts'
import { ExpiresIn, signDownloadToken } from './signed-token.ts'

const SignSchema = z.object({ expiresIn: ExpiresIn, transform: z.unknown().optional() })

/**
 * `POST /object/sign/⟨bucket⟩/⟨name⟩`: a download URL for an object the caller can read. The path
 * in `signedURL` stays unencoded because the client runs `encodeURI` over the whole URL (§4.6).
 */
export function createSignedUrl(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const address = objectAddress(c)
    const { expiresIn } = await jsonBody(c, deps.config, SignSchema)
    await findObject(deps, c.get('caller'), address, requestInfo(c))
    const url = `${address.bucket}/${address.name}`
    const token = await signDownloadToken(deps.keys, url, expiresIn)
    return c.json({ signedURL: `/object/sign/${url}?token=${token}` })
  }
}
