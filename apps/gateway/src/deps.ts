import type { Logger } from 'pino'
import type { BlobStore } from './blob-store/blob-store.ts'
import type { Config } from './config.ts'
import type { Database } from './database/types.ts'
import type { Keys } from './keys.ts'
import type { Mailer } from './mail/mailer.ts'

/** What every part of the gateway is built from; tests pass a throwaway PGlite and fixed keys. */
export interface Deps {
  config: Config
  db: Database
  keys: Keys
  logger: Logger
  mailer: Mailer
  /** Bytes of stored objects (disk under STORAGE_DIR by default). */
  blobStore: BlobStore
}
