import { ERRORS } from './errors.ts'

const UNITS: Record<string, number> = { B: 1, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3, TB: 1000 ** 4 }
const WITH_UNIT = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB)$/i

/**
 * A bucket's `file_size_limit` as the client sends it: bytes, or a string such as "5MB" or
 * "30KB" (decimal units, as supabase/storage parses them); null clears the limit.
 */
export function parseFileSizeLimit(value: number | string | null): number | null {
  if (value === null) return null
  let bytes: number
  if (typeof value === 'number') {
    bytes = value
  } else if (/^\d+$/.test(value.trim())) {
    bytes = Number(value.trim())
  } else {
    const match = WITH_UNIT.exec(value.trim())
    if (!match) throw ERRORS.InvalidRequest(`Invalid file size format: ${value}`)
    bytes = Math.floor(Number(match[1]) * UNITS[match[2].toUpperCase()])
  }
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw ERRORS.InvalidRequest(`Invalid file size limit: ${String(value)}`)
  }
  return bytes
}
