/**
 * Every refusal of the realtime service, with the wording Supabase Realtime uses
 * (supabase-protocol.md §6.1, §6.4, §6.7, §6.9). Upgrade refusals are HTTP JSON `{"error": …}`;
 * channel refusals are the `reason` of an error reply; system errors are `system` pushes.
 */
export const UPGRADE_ERRORS = {
  ApiKeyMissing: () => ({ status: 401, error: 'API key is missing' }),
  InvalidJwt: () => ({ status: 401, error: 'The token provided is not a valid JWT' }),
  TokenExpired: () => ({ status: 401, error: 'Token has expired' }),
  UnknownApiKey: () => ({ status: 401, error: 'Invalid authentication credentials' }),
  UnsupportedVsn: (vsn: string) => ({ status: 400, error: `Unsupported serializer version: ${vsn}` }),
  TooManyConnections: () => ({ status: 429, error: 'Too many connected users' }),
} as const

export type UpgradeError = ReturnType<(typeof UPGRADE_ERRORS)[keyof typeof UPGRADE_ERRORS]>

export const CHANNEL_ERRORS = {
  TopicNameRequired: () => 'TopicNameRequired: You must provide a topic name',
  InvalidJwt: (message: string) => `InvalidJWTToken: ${message}`,
  MalformedJwt: (message: string) => `MalformedJWT: ${message}`,
  ChannelRateLimitReached: (limit: number) =>
    `ChannelRateLimitReached: Too many channels on this connection (at most ${limit})`,
  PrivateChannelsUnsupported: (topic: string) =>
    `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
  UnmatchedTopic: () => 'unmatched topic',
  PayloadTooLarge: (limit: number) => `Payload too large: messages are limited to ${limit} bytes`,
  PresencePayloadNotMap: () => 'Presence track payload must be a map',
  UnknownEvent: (event: string) => `UnknownErrorOnChannel: unsupported event ${event}`,
} as const

export const SYSTEM_MESSAGES = {
  SubscribedToPostgres: () => 'Subscribed to PostgreSQL',
  FilterParseError: (detail: string) => `Error parsing \`filter\` params: ${detail}`,
  UnknownTable: (schema: string, table: string) =>
    `Unable to subscribe to changes with given parameters. Table ${schema}.${table} does not exist`,
  TokenExpired: (secondsAgo: number) => `Token has expired ${secondsAgo} seconds ago`,
  ServerDisconnect: () => 'Server requested disconnect',
} as const
