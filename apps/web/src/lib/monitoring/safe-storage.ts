/**
 * Browser storage that never throws into the app: storage can be missing (server rendering,
 * tests), blocked (privacy settings throw SecurityError on access) or full (QuotaExceededError).
 */
export interface SafeStorage {
  read(key: string): unknown
  write(key: string, value: unknown): void
  readText(key: string): string | null
  writeText(key: string, value: string): void
}

export function safeStorage(getStorage: () => Storage | undefined): SafeStorage {
  const storage = (): Storage | undefined => {
    try {
      return getStorage()
    } catch {
      return undefined
    }
  }
  const readText = (key: string): string | null => {
    try {
      return storage()?.getItem(key) ?? null
    } catch {
      return null
    }
  }
  const writeText = (key: string, value: string): void => {
    try {
      storage()?.setItem(key, value)
    } catch {
      // Full or blocked: the data lives on in memory for this page only.
    }
  }
  return {
    readText,
    writeText,
    read(key) {
      const text = readText(key)
      if (text === null) return undefined
      try {
        return JSON.parse(text) as unknown
      } catch {
        return undefined
      }
    },
    write(key, value) {
      writeText(key, JSON.stringify(value))
    },
  }
}
