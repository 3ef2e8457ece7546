import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentTimeZone } from './page-view'

describe('currentTimeZone', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks Temporal when the browser has it', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Africa/Johannesburg' } })
    const format = vi.spyOn(Intl, 'DateTimeFormat')
    expect(currentTimeZone()).toBe('Africa/Johannesburg')
    expect(format).not.toHaveBeenCalled()
    format.mockRestore()
  })

  it('falls back to Intl without Temporal', () => {
    vi.stubGlobal('Temporal', undefined)
    expect(currentTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  it('is blank where neither answers', () => {
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new Error('unsupported')
        },
      },
    })
    expect(currentTimeZone()).toBe('')
  })
})
