import type { Caller } from '../database/request-scope.ts'

/**
 * What every request of the gateway carries (set by the root middleware in app.ts): the request id
 * that log lines and `X-Request-Id` share. Each service's environment extends it.
 */
export interface GatewayEnv {
  Variables: { requestId: string }
}

/** A service whose routes act for a resolved caller (REST, storage). */
export interface CallerEnv extends GatewayEnv {
  Variables: GatewayEnv['Variables'] & { caller: Caller }
}
