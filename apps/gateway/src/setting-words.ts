/** The words an on/off setting of the environment takes (config.ts, pglite-worker-setting.ts). */
export const TRUE_WORDS = ['true', '1', 'yes', 'on'] as const
export const FALSE_WORDS = ['false', '0', 'no', 'off'] as const

/** True for a word of TRUE_WORDS, false for anything else. */
export function isTrueWord(value: string): boolean {
  return (TRUE_WORDS as readonly string[]).includes(value)
}
