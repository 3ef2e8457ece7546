import type { Caller } from '../../database/request-scope.ts'

/** What the REST routes share per request: who is asking, set by authenticate-request.ts. */
export interface RestEnv {
  Variables: { caller: Caller }
}
