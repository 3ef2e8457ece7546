import type { Logger } from 'pino'
import { BackgroundTasks } from './background-tasks.ts'
import type { BlobStore } from './blob-store/blob-store.ts'
import { createDiskBlobStore } from './blob-store/disk-blob-store.ts'
import type { Config } from './config.ts'
import type { Database } from './database/types.ts'
import type { Keys } from './keys.ts'
import { createLogger } from './logger.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'

/** What every part of the gateway is built from; tests pass a throwaway PGlite and fixed keys. */
export interface Deps {
  config: Config
  db: Database
  keys: Keys
  logger: Logger
  mailer: Mailer
  /** Bytes of stored objects (disk under STORAGE_DIR by default, or an S3 bucket). */
  blobStore: BlobStore
  /** Work started without waiting for it (auth mails); `createApp().stop()` lets it finish. */
  background: BackgroundTasks
}

/**
 * The one place the gateway's dependencies are assembled (main.ts, the test support and the bench
 * scenarios all call it): the database and keys come in, everything else follows from the config
 * unless given (a test's mail sink, a bench's blob folder). The blob store is built here only for
 * the disk; with STORAGE_BACKEND=s3 the caller passes the one `openBlobStore` gives, so the AWS
 * SDK is imported only when the bucket is chosen (decision 030).
 */
export function createDeps(
  parts: Pick<Deps, 'config' | 'db' | 'keys'> & Partial<Pick<Deps, 'logger' | 'mailer' | 'blobStore'>>,
): Deps {
  const { config, db, keys } = parts
  const logger = parts.logger ?? createLogger(config.LOG_LEVEL)
  return {
    config,
    db,
    keys,
    logger,
    mailer:
      parts.mailer ??
      createMailer({
        db,
        logger,
        from: config.MAIL_FROM,
        smtpUrl: config.SMTP_URL,
        timeoutMs: config.SMTP_TIMEOUT_MS,
      }),
    blobStore: parts.blobStore ?? diskStoreOf(config),
    background: new BackgroundTasks(),
  }
}

function diskStoreOf(config: Config): BlobStore {
  if (config.s3) {
    throw new Error('STORAGE_BACKEND=s3: pass createDeps the blob store of openBlobStore(config)')
  }
  return createDiskBlobStore(config.storageDir)
}
