import { QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createQueryClient, refreshAfterWrite } from './query-client'

/** A query whose first read is held open until `release`, as on a slow network. */
function slowFirstRead() {
  let stored = 'before the write'
  let release = () => {}
  let reads = 0
  const queryFn = async () => {
    reads += 1
    const seen = stored
    if (reads === 1) await new Promise<void>((resolve) => (release = resolve))
    return seen
  }
  return { queryFn, write: (value: string) => (stored = value), release: () => release() }
}

describe('refreshAfterWrite', () => {
  it('shows the written data even when the first read started before the write', async () => {
    const client = createQueryClient()
    const source = slowFirstRead()
    const observer = new QueryObserver(client, { queryKey: ['photos', 'r1'], queryFn: source.queryFn })
    const seen: (string | undefined)[] = []
    const unsubscribe = observer.subscribe((result) => seen.push(result.data))

    source.write('after the write')
    const refreshed = refreshAfterWrite(client, ['photos', 'r1'])
    source.release()
    await refreshed

    expect(client.getQueryData(['photos', 'r1'])).toBe('after the write')
    expect(seen).not.toContain('before the write')
    unsubscribe()
  })

  it('is needed: invalidating alone keeps what the first read saw', async () => {
    const client = createQueryClient()
    const source = slowFirstRead()
    const observer = new QueryObserver(client, { queryKey: ['photos', 'r2'], queryFn: source.queryFn })
    const unsubscribe = observer.subscribe(() => {})

    source.write('after the write')
    const invalidated = client.invalidateQueries({ queryKey: ['photos', 'r2'] })
    source.release()
    await invalidated

    expect(client.getQueryData(['photos', 'r2'])).toBe('before the write')
    unsubscribe()
  })
})
