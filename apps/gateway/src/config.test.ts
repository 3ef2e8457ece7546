import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, SETTING_NAMES } from './config.ts'

describe('configuration from the environment', () => {
  it('has a working default for every setting', () => {
    const config = loadConfig({}, '/srv/centre')
    expect(config.PORT).toBe(8080)
    expect(config.dataDir).toBe('/srv/centre/.data')
    expect(config.storageDir).toBe('/srv/centre/.data/storage')
    expect(config.siteUrl).toBe('http://localhost:8080')
    expect(config.SEED_DEMO).toBe(true)
    expect(config.WEB_BUILD_ON_START).toBe(true)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.schemas).toEqual(['public'])
    expect(config.JWT_EXPIRY).toBe(3600)
    expect(config.DATABASE_POOL_SIZE).toBe(10)
    expect(config.AUTH_MFA_REQUIRED_FOR_ADMINS).toBe(true)
  })

  it('reads production settings', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://app:secret@db.internal:5432/centre',
        DATABASE_POOL_SIZE: '25',
        MAIL_FROM: 'Genesis Centre <no-reply@centre.example.co.za>',
        SITE_URL: 'https://centre.example.co.za/',
        SEED_DEMO: 'false',
        ADDITIONAL_REDIRECT_URLS: 'https://admin.example.co.za, https://m.example.co.za',
        STORAGE_DIR: '/var/lib/centre/files',
      },
      '/srv/centre',
    )
    expect(config.PORT).toBe(9000)
    expect(config.HOST).toBe('127.0.0.1')
    expect(config.DATABASE_POOL_SIZE).toBe(25)
    expect(config.MAIL_FROM).toBe('Genesis Centre <no-reply@centre.example.co.za>')
    expect(config.SEED_DEMO).toBe(false)
    expect(config.siteUrl).toBe('https://centre.example.co.za')
    expect(config.redirectUrls).toEqual([
      'https://centre.example.co.za',
      'https://admin.example.co.za',
      'https://m.example.co.za',
    ])
    expect(config.storageDir).toBe('/var/lib/centre/files')
  })

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SEED_DEMO', 'maybe'],
    ['JWT_SECRET', 'short'],
    ['JWT_SECRET_PREVIOUS', 'short'],
    ['DATABASE_POOL_SIZE', '0'],
    ['HOST', 'http://0.0.0.0'],
    ['HOST', 'my host'],
    ['PORT', '70000'],
    ['SITE_URL', 'ftp://centre.example'],
    ['SITE_URL', 'centre.example'],
    ['MAIL_FROM', 'no-reply'],
    ['MAIL_FROM', 'Centre <no-reply>'],
    ['DATABASE_POOL_SIZE', 'ten'],
    ['SMTP_URL', 'http://mail'],
    ['AUTH_MFA_REQUIRED_FOR_ADMINS', 'sometimes'],
  ])('stops on a bad %s with one line naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}=`))
  })

  it('reads what the embedded database reserves, 8 MB of shared buffers by default (decisions 032, 077)', () => {
    expect(loadConfig({}, '/srv/centre').PGLITE_SHARED_BUFFERS_MB).toBe(8)
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '128' }).PGLITE_SHARED_BUFFERS_MB).toBe(128)
    for (const bad of ['0', '16MB', '5000']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: bad })).toThrow(
        /^Invalid environment variable PGLITE_SHARED_BUFFERS_MB=/,
      )
    }
  })

  it("runs PGlite in a worker thread by default when the machine has more than one core, else in the gateway's thread (decisions 072, 077)", () => {
    const defaults = loadConfig({}, '/srv/centre')
    expect(defaults.PGLITE_WORKER).toBe('auto')
    expect(defaults.pgliteWorker).toBe(availableParallelism() > 1)
    expect(loadConfig({ PGLITE_WORKER: 'false' }).pgliteWorker).toBe(false)
    expect(loadConfig({ PGLITE_WORKER: 'true' }).pgliteWorker).toBe(true)
    expect(loadConfig({ PGLITE_WORKER: 'on' }).pgliteWorker).toBe(true)
    expect(loadConfig({ PGLITE_WORKER: '0' }).pgliteWorker).toBe(false)
    expect(loadConfig({ PGLITE_WORKER: 'auto' }).pgliteWorker).toBe(availableParallelism() > 1)
    expect(() => loadConfig({ PGLITE_WORKER: 'sometimes' })).toThrow(
      /^Invalid environment variable PGLITE_WORKER=/,
    )
  })

  it('takes the same on/off words for every on/off setting', () => {
    for (const word of ['true', '1', 'yes', 'on'])
      expect(loadConfig({ SEED_DEMO: word }).SEED_DEMO).toBe(true)
    for (const word of ['false', '0', 'no', 'off'])
      expect(loadConfig({ SEED_DEMO: word }).SEED_DEMO).toBe(false)
  })

  it('reads the backup settings, off by default, and refuses bad ones', () => {
    const defaults = loadConfig({}, '/srv/centre')
    expect(defaults.BACKUP_SCHEDULE_HOURS).toBe(0)
    expect(defaults.BACKUP_KEEP).toBe(7)
    expect(defaults.backupDir).toBe('/srv/centre/.data-backups')
    const set = loadConfig(
      { BACKUP_SCHEDULE_HOURS: '24', BACKUP_KEEP: '14', BACKUP_DIR: 'archives' },
      '/srv/centre',
    )
    expect(set.BACKUP_SCHEDULE_HOURS).toBe(24)
    expect(set.BACKUP_KEEP).toBe(14)
    expect(set.backupDir).toBe('/srv/centre/archives')
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/)
    expect(() => loadConfig({ BACKUP_SCHEDULE_HOURS: 'daily' })).toThrow(/BACKUP_SCHEDULE_HOURS/)
  })

  it('accepts a backup schedule with the files in an S3 bucket (the archive holds its objects)', () => {
    const s3 = {
      STORAGE_BACKEND: 's3',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
      STORAGE_S3_BUCKET: 'centre-files',
      STORAGE_S3_ACCESS_KEY_ID: 'key',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    }
    const config = loadConfig({ ...s3, BACKUP_SCHEDULE_HOURS: '24' })
    expect(config.BACKUP_SCHEDULE_HOURS).toBe(24)
    expect(config.s3?.bucket).toBe('centre-files')
    expect(loadConfig(s3).BACKUP_SCHEDULE_HOURS).toBe(0)
  })

  it('selects the S3 blob store with its settings, path-style by default', () => {
    const config = loadConfig({
      STORAGE_BACKEND: 's3',
      STORAGE_S3_ENDPOINT: 'https://s3.af-south-1.amazonaws.com',
      STORAGE_S3_BUCKET: 'centre-files',
      STORAGE_S3_REGION: 'af-south-1',
      STORAGE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      STORAGE_S3_FORCE_PATH_STYLE: 'false',
    })
    expect(config.s3).toEqual({
      endpoint: 'https://s3.af-south-1.amazonaws.com',
      bucket: 'centre-files',
      region: 'af-south-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    })
    expect(loadConfig({}).s3).toBeUndefined()
  })

  it.each([
    'STORAGE_S3_ENDPOINT',
    'STORAGE_S3_BUCKET',
    'STORAGE_S3_ACCESS_KEY_ID',
    'STORAGE_S3_SECRET_ACCESS_KEY',
  ])('stops with one line when STORAGE_BACKEND=s3 lacks %s', (name) => {
    const env: Record<string, string> = {
      STORAGE_BACKEND: 's3',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
      STORAGE_S3_BUCKET: 'centre-files',
      STORAGE_S3_ACCESS_KEY_ID: 'key',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    }
    delete env[name]
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`^Missing environment variable ${name}: required when STORAGE_BACKEND=s3$`),
    )
  })

  it.each([
    ['STORAGE_BACKEND', 'ftp'],
    ['STORAGE_S3_ENDPOINT', 'minio:9000'],
    ['STORAGE_S3_BUCKET', 'Centre_Files'],
    ['STORAGE_S3_FORCE_PATH_STYLE', 'perhaps'],
  ])('stops on a bad %s with one line naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}=`))
  })

  it('reads the HSTS settings (one year with subdomains by default, 0 turns it off) and refuses bad ones', () => {
    const defaults = loadConfig({})
    expect(defaults.HSTS_MAX_AGE_SECONDS).toBe(31_536_000)
    expect(defaults.HSTS_INCLUDE_SUBDOMAINS).toBe(true)
    expect(defaults.TRUST_PROXY).toBe(0)
    const set = loadConfig({
      HSTS_MAX_AGE_SECONDS: '0',
      HSTS_INCLUDE_SUBDOMAINS: 'false',
      TRUST_PROXY: 'true',
    })
    expect(set.HSTS_MAX_AGE_SECONDS).toBe(0)
    expect(set.HSTS_INCLUDE_SUBDOMAINS).toBe(false)
    expect(set.TRUST_PROXY).toBe(1)
    // A count of proxies (decision 036): true is one, false none, a number that many.
    for (const [value, proxies] of [
      ['false', 0],
      ['0', 0],
      ['1', 1],
      ['2', 2],
      ['10', 10],
      ['yes', 1],
    ] as const) {
      expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(proxies)
    }
    for (const [name, value] of [
      ['HSTS_MAX_AGE_SECONDS', '-1'],
      ['HSTS_MAX_AGE_SECONDS', 'a year'],
      ['HSTS_MAX_AGE_SECONDS', '63072001'],
      ['HSTS_INCLUDE_SUBDOMAINS', 'sometimes'],
      ['TRUST_PROXY', 'nginx'],
      ['TRUST_PROXY', '11'],
      ['TRUST_PROXY', '-1'],
      ['TRUST_PROXY', '1.5'],
    ]) {
      expect(() => loadConfig({ [name]: value })).toThrow(
        new RegExp(`^Invalid environment variable ${name}=`),
      )
    }
  })

  it('refuses an ADDITIONAL_REDIRECT_URLS entry that is not an http(s) URL, naming it', () => {
    expect(() =>
      loadConfig({ ADDITIONAL_REDIRECT_URLS: 'https://admin.example.co.za, admin.example.co.za' }),
    ).toThrow(
      /^Invalid environment variable ADDITIONAL_REDIRECT_URLS=.*: "admin\.example\.co\.za" is not an http\(s\) URL$/,
    )
    expect(() => loadConfig({ ADDITIONAL_REDIRECT_URLS: 'javascript:alert(1)' })).toThrow(ConfigError)
  })

  it('has every setting the production guide names (docs/production.md)', () => {
    const guide = readFileSync(new URL('../../../docs/production.md', import.meta.url), 'utf8')
    // Settings are written as `NAME` or NAME=value; `PREFIX_*` stands for a family of them.
    const named = new Set(
      [...guide.matchAll(/(?<![A-Za-z0-9_$])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|HOST|PORT)(?=[`=])/g)].map(
        (m) => m[1],
      ),
    )
    expect(named.size).toBeGreaterThan(30)
    expect([...named].filter((name) => !SETTING_NAMES.includes(name))).toEqual([])
    for (const family of guide.matchAll(/`([A-Z][A-Z0-9_]*_)\*`/g)) {
      expect(SETTING_NAMES.some((name) => name.startsWith(family[1]))).toBe(true)
    }
  })

  it('treats an empty optional variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined()
  })
})
