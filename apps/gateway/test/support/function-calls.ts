import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { TEST_JWT_SECRET, type TestGateway } from './gateway.ts'
import { DEMO, signToken, userClaims } from './tokens.ts'

/** Who calls a back-office function in these tests: an admin with or without their second factor, a tenant, nobody. */
export type Caller = 'admin' | 'adminAal1' | 'tenantA' | 'anon'

/** A supabase-js client of the test gateway acting as `who` (the admin at aal2 unless `adminAal1`). */
export async function clientAs(gw: TestGateway, who: Caller): Promise<SupabaseClient> {
  if (who === 'anon') return gw.client()
  const user = who === 'tenantA' ? DEMO.tenantA : DEMO.admin
  const aal = who === 'admin' ? 'aal2' : 'aal1'
  return gw.client({ accessToken: await signToken(userClaims(user, { aal }), TEST_JWT_SECRET) })
}

/** A function call's outcome as the client sees it: the HTTP status and the parsed body, error or not. */
export async function functionAnswer(result: {
  data: unknown
  error: unknown
}): Promise<{ status: number; body: unknown }> {
  if (result.error instanceof FunctionsHttpError) {
    const res = result.error.context as Response
    return { status: res.status, body: await res.json() }
  }
  if (result.error) throw result.error
  return { status: 200, body: result.data }
}
