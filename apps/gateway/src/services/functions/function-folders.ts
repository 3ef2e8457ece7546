import { readFile, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { CreateFunction, FunctionModule } from '@genesis/functions/_shared/function-context.ts'
import { parse as parseToml } from 'smol-toml'
import { z } from 'zod'

/** How the runner serves one function (docs/decisions/004-functions-as-fetch-handlers.md). */
export interface FunctionDefinition {
  create: CreateFunction
  /**
   * Refuse requests without a valid JWT in `Authorization` (Supabase's `verify_jwt`, on by
   * default). The project keys are JWTs, so the anon key passes.
   */
  verifyJwt: boolean
  /** Per client IP, FUNCTIONS_RATE_LIMIT requests per window for methods that change something. */
  rateLimited: boolean
  maxBodyBytes: number
  /** How long the function may take to start answering (the request idle timeout). */
  timeoutMs: number
}

/** Where the runner finds the function served at `/functions/v1/<name>`. */
export interface FunctionSource {
  /**
   * The function's definition, or `undefined` when no such function is deployed. Throws
   * {@link FunctionBootError} when it is there but cannot be loaded.
   */
  find(name: string): Promise<FunctionDefinition | undefined>
}

/** A function that exists but cannot be started (bad module, bad settings, bad config.toml). */
export class FunctionBootError extends Error {}

/** Fixed definitions by name (tests that probe the runner with functions of their own). */
export function functionsFromMap(functions: ReadonlyMap<string, FunctionDefinition>): FunctionSource {
  return { find: async (name) => functions.get(name) }
}

/** The Supabase CLI's rule for function names; anything else is no function (and no path trick). */
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/
const KIB = 1024

/** `[functions.<name>]` of supabase/config.toml: the keys the Supabase CLI reads that matter here. */
const FunctionConfigSchema = z.looseObject({
  enabled: z.boolean().default(true),
  verify_jwt: z.boolean().default(true),
})
const ConfigTomlSchema = z.looseObject({
  functions: z.record(z.string(), FunctionConfigSchema).default({}),
})
type FunctionConfig = z.infer<typeof FunctionConfigSchema>

/** The optional `limits` export of a function's index.ts (FunctionLimits in function-context.ts). */
const LimitsSchema = z.strictObject({
  rateLimited: z.boolean().default(false),
  maxBodyBytes: z
    .number()
    .int()
    .min(1)
    .max(64 * KIB * KIB)
    .default(KIB * KIB),
  timeoutMs: z.number().int().min(1).max(3_600_000).optional(),
})

/** The folder of the `@genesis/functions` workspace package: the repository's supabase/functions. */
export function workspaceFunctionsDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@genesis/functions/package.json'))
}

/**
 * The functions of a folder laid out as the Supabase CLI expects (docs/protocol/functions.md §5):
 * every `<dir>/<name>/index.ts` is served as `<name>`, with `verify_jwt` and `enabled` from
 * `[functions.<name>]` of the `config.toml` beside the folder (`supabase/config.toml`). Folders
 * whose names start with `_` or `.` (shared code) are not functions. Nothing is registered: a
 * folder added while the gateway runs is served from its first call, and config.toml is read
 * again whenever it changes. A module is loaded once (Node keeps it), so a changed function's
 * code needs a restart.
 */
export function functionFolders(
  dir: string,
  options: { configToml?: string; defaultTimeoutMs: number },
): FunctionSource {
  const configToml = options.configToml ?? join(dirname(dir), 'config.toml')
  let configCache: { stamp: string; functions: Map<string, FunctionConfig> } | undefined

  async function readConfig(): Promise<Map<string, FunctionConfig>> {
    const info = await stat(configToml).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    // No config.toml: every function takes the CLI's defaults (JWT verified, enabled).
    if (!info) return new Map()
    const stamp = `${info.mtimeMs}:${info.size}`
    if (configCache?.stamp === stamp) return configCache.functions
    let parsed: z.infer<typeof ConfigTomlSchema>
    try {
      parsed = ConfigTomlSchema.parse(parseToml(await readFile(configToml, 'utf8')))
    } catch (error) {
      // Fail closed: with a config.toml that cannot be read, no function runs on a guessed setting.
      throw new FunctionBootError(`${configToml} cannot be read: ${(error as Error).message}`)
    }
    configCache = { stamp, functions: new Map(Object.entries(parsed.functions)) }
    return configCache.functions
  }

  async function load(
    entry: string,
  ): Promise<{ create: CreateFunction; limits: z.infer<typeof LimitsSchema> }> {
    let module: { default?: unknown; limits?: unknown }
    try {
      module = await import(pathToFileURL(entry).href)
    } catch (error) {
      throw new FunctionBootError(`${entry} cannot be loaded: ${(error as Error).message}`)
    }
    const limits = LimitsSchema.safeParse(module.limits ?? {})
    if (!limits.success) {
      throw new FunctionBootError(`${entry}: bad limits export: ${limits.error.issues[0]?.message}`)
    }
    return { create: asCreate(module.default as FunctionModule | undefined, entry), limits: limits.data }
  }

  return {
    async find(name) {
      if (!FUNCTION_NAME.test(name)) return undefined
      const entry = join(dir, name, 'index.ts')
      const file = await stat(entry).catch(() => undefined)
      if (!file?.isFile()) return undefined
      const config = (await readConfig()).get(name)
      if (config && !config.enabled) return undefined
      const { create, limits } = await load(entry)
      return {
        create,
        verifyJwt: config?.verify_jwt ?? true,
        rateLimited: limits.rateLimited,
        maxBodyBytes: limits.maxBodyBytes,
        timeoutMs: limits.timeoutMs ?? options.defaultTimeoutMs,
      }
    },
  }
}

/** A default export made into a factory: `create(ctx)` as it is, `{ fetch }` wrapped. */
function asCreate(exported: FunctionModule | undefined, entry: string): CreateFunction {
  if (typeof exported === 'function') return exported
  if (exported && typeof exported === 'object' && typeof exported.fetch === 'function') {
    const handler = exported.fetch.bind(exported)
    return () => async (req) => handler(req)
  }
  throw new FunctionBootError(
    `${entry} must default-export create(ctx) returning a fetch handler, or an object with a fetch method`,
  )
}
