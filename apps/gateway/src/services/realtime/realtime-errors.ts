import { ServiceError } from '../../http/service-error.ts'

/**
 * Every refusal of the realtime service, with the wording Supabase Realtime uses
 * (docs/protocol/realtime.md §6.1, §6.4, §6.7, §6.9). Upgrade refusals are HTTP JSON `{"error": …}`;
 * channel refusals are the `reason` of an error reply; system errors are `system` pushes.
 */

/** A refused upgrade: `{"error": message}` with its status. */
export class UpgradeError extends ServiceError {
  override body() {
    return { error: this.message }
  }
}

/** A refusal of the realtime REST API (`/api/broadcast`): `{"message": …}`. */
export class RealtimeApiError extends ServiceError {
  override body() {
    return { message: this.message }
  }
}

// biome-ignore format: one line per error
export const UPGRADE_ERRORS = {
  ApiKeyMissing: () => new UpgradeError(401, 'ApiKeyMissing', 'API key is missing'),
  InvalidJwt: () => new UpgradeError(401, 'InvalidJWTToken', 'The token provided is not a valid JWT'),
  TokenExpired: () => new UpgradeError(401, 'TokenExpired', 'Token has expired'),
  UnknownApiKey: () => new UpgradeError(401, 'UnknownApiKey', 'Invalid authentication credentials'),
  UnsupportedVsn: (vsn: string) => new UpgradeError(400, 'UnsupportedVsn', `Unsupported serializer version: ${vsn}`),
  TooManyConnections: () => new UpgradeError(429, 'ConnectionRateLimitReached', 'Too many connected users'),
} as const

const e = (...args: ConstructorParameters<typeof RealtimeApiError>) => new RealtimeApiError(...args)

// biome-ignore format: one line per error
export const API_ERRORS = {
  Unauthorized: (message: string) => e(401, 'Unauthorized', message),
  InvalidBody: () => e(400, 'InvalidBody', 'Body must be {"messages":[{"topic","event","payload"}]} with 1 to 100 messages'),
  InvalidTopic: () => e(400, 'InvalidBody', 'Topic and event must be 1 to 255 bytes'),
  NotJson: () => e(400, 'InvalidBody', 'Body must be JSON (or application/octet-stream bytes)'),
  TooDeep: (maxDepth: number) => e(400, 'InvalidBody', `Body is nested deeper than ${maxDepth} levels`),
  RequestTooLarge: (limitBytes: number) => e(413, 'PayloadTooLarge', `Request body is larger than ${limitBytes} bytes`),
  PayloadTooLarge: (limit: number) => e(413, 'PayloadTooLarge', `Payload too large: messages are limited to ${limit} bytes`),
  PersistUnsupported: () => e(400, 'PersistUnsupported', 'Message persistence is not supported by this server'),
  Internal: () => e(500, 'InternalError', 'Internal server error'),
} as const

// biome-ignore format: one line per error
export const CHANNEL_ERRORS = {
  TopicNameRequired: () => 'TopicNameRequired: You must provide a topic name',
  InvalidJwt: (message: string) => `InvalidJWTToken: ${message}`,
  MalformedJwt: (message: string) => `MalformedJWT: ${message}`,
  ChannelRateLimitReached: (limit: number) =>
    `ChannelRateLimitReached: Too many channels on this connection (at most ${limit})`,
  Unauthorized: (topic: string) =>
    `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
  UnableToAuthorize: () => 'Realtime was unable to connect to the project database',
  ReplayUnsupported: () => 'UnableToReplayMessages: Replay is not supported by this server',
  UnmatchedTopic: () => 'unmatched topic',
  PayloadTooLarge: (limit: number) => `Payload too large: messages are limited to ${limit} bytes`,
  PresencePayloadNotMap: () => 'Presence track payload must be a map',
  UnknownEvent: (event: string) => `UnknownErrorOnChannel: unsupported event ${event}`,
} as const

// biome-ignore format: one line per message
export const SYSTEM_MESSAGES = {
  SubscribedToPostgres: () => 'Subscribed to PostgreSQL',
  FilterParseError: (detail: string) => `Error parsing \`filter\` params: ${detail}`,
  UnknownTable: (schema: string, table: string) =>
    `Unable to subscribe to changes with given parameters. Table ${schema}.${table} does not exist`,
  TokenExpired: (secondsAgo: number) => `Token has expired ${secondsAgo} seconds ago`,
  ReadRevoked: (topic: string) => `You no longer have permission to read from this Channel topic: ${topic}`,
  ServerDisconnect: () => 'Server requested disconnect',
} as const
