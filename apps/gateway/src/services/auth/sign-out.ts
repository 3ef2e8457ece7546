import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { requireUserClaims } from './caller.ts'
import { ERRORS } from './errors.ts'

const Scope = z.enum(['global', 'local', 'others'])

/** POST /logout?scope=global|local|others: ends all, this one, or all other sessions. */
export function signOut(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    const scope = Scope.safeParse(c.req.query('scope') ?? 'global')
    if (!scope.success)
      throw ERRORS.ValidationFailed('Unsupported logout scope, must be one of global, local, others')
    const claims = await requireUserClaims(c, deps)
    const sessionId = claims.session_id ?? null
    const statement = {
      global: { sql: 'delete from auth.sessions where user_id = $1', params: [claims.sub] },
      local: {
        sql: 'delete from auth.sessions where user_id = $1 and id = $2::uuid',
        params: [claims.sub, sessionId],
      },
      others: {
        sql: 'delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid',
        params: [claims.sub, sessionId],
      },
    }[scope.data]
    await deps.db.transaction(async (tx) => {
      await tx.query(statement.sql, statement.params)
      await writeAudit(tx, {
        action: 'logout',
        actorId: claims.sub,
        logType: 'account',
        ip: requestIp(c, services),
        traits: { scope: scope.data, session_id: sessionId },
      })
    })
    return c.body(null, 204)
  }
}
