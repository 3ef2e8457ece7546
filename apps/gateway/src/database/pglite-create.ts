import { PGlite } from '@electric-sql/pglite'

/**
 * Creates a new PGlite data folder, run as a child process of the gateway (decision 032): PGlite's
 * `initdb` runs in a second, temporary PGlite of its own, and compiling and running both took some
 * 500 MB that, in the gateway's own process, stayed resident long after (WebAssembly memory until a
 * full garbage collection, the C heap for good). A process gives all of it back when it ends.
 *
 * Usage: node pglite-create.ts <data folder> <PostgreSQL start parameters as JSON>
 */
const [dataDir, startParams] = process.argv.slice(2)
const pg = await PGlite.create(dataDir, { startParams: JSON.parse(startParams) as string[] })
await pg.close()
