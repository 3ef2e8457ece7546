import type { Handler } from 'hono'
import { z } from 'zod'
import type { AuthServices } from './auth-services.ts'
import { requireServiceRole } from './caller.ts'
import { ERRORS } from './errors.ts'
import { USER_JSON } from './users.ts'

/** The client always sends both parameters, empty when the app gave none. */
const PageParam = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : Number(v)))
    .pipe(z.number().int().min(1).max(max))

const ListQuery = z.object({ page: PageParam(1, 1_000_000), per_page: PageParam(50, 1000) })

/**
 * GET /admin/users?page=&per_page=: newest first, with `X-Total-Count` and a `Link` header
 * whose URLs put `page` first (the client reads the page number right after the first `=`).
 */
export function adminListUsers(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    await requireServiceRole(c, deps)
    const query = ListQuery.safeParse({ page: c.req.query('page'), per_page: c.req.query('per_page') })
    if (!query.success) throw ERRORS.ValidationFailed('Bad Pagination Parameters', 400)
    const { page, per_page: perPage } = query.data
    const { rows } = await deps.db.query<{ total: number; users: unknown[] }>(
      `select (select count(*)::int from auth.users where deleted_at is null) as total,
              coalesce((select jsonb_agg(x.j order by x.created_at desc, x.id) from (
                select ${USER_JSON} as j, u.created_at, u.id from auth.users u where u.deleted_at is null
                order by u.created_at desc, u.id limit $1 offset $2) x), '[]'::jsonb) as users`,
      [perPage, (page - 1) * perPage],
    )
    const { total, users } = rows[0]
    const last = Math.max(1, Math.ceil(total / perPage))
    const links: string[] = []
    if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`)
    links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`)
    c.header('X-Total-Count', String(total))
    c.header('Link', links.join(', '))
    return c.json({ users, aud: 'authenticated' })
  }
}
