import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'

/** The data folder playwright.config.ts gives the gateway. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e'

function generatedKey(name: 'serviceRoleKey' | 'anonKey'): string {
  const keys: unknown = JSON.parse(readFileSync(join(DATA_DIR, 'keys.json'), 'utf8'))
  if (typeof keys === 'object' && keys !== null && name in keys) {
    const value: unknown = (keys as Record<string, unknown>)[name]
    if (typeof value === 'string') return value
  }
  throw new Error(`No ${name} in ${DATA_DIR}/keys.json`)
}

/** The service-role key the gateway generated into its data folder on first start. */
export function serviceRoleKey(): string {
  return generatedKey('serviceRoleKey')
}

/** The anon key (what the web app sends as `apikey`). */
export function anonKey(): string {
  return generatedKey('anonKey')
}

/** Reads a table through the REST API as the service role (what an admin tool would see). */
export async function readAsServiceRole(
  request: APIRequestContext,
  pathAndQuery: string,
): Promise<unknown[]> {
  const key = serviceRoleKey()
  const res = await request.get(`/rest/v1/${pathAndQuery}`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  })
  if (!res.ok()) throw new Error(`REST ${pathAndQuery}: ${res.status()} ${await res.text()}`)
  const body: unknown = await res.json()
  if (!Array.isArray(body)) throw new Error(`REST ${pathAndQuery} did not return rows`)
  return body
}

/** An address no other run has used, so stored rows can be found again. */
export function uniqueEmail(who: string): string {
  return `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
}
