import type { CallerEnv } from '../../http/gateway-env.ts'

/** What the REST routes share per request: who is asking, set by authenticate-request.ts. */
export type RestEnv = CallerEnv
