import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { whileRecordingReads } from './recorded-reads'

describe('whileRecordingReads', () => {
  it('notes the queries a rendering reads, through an observer or getQueryData, and no others', async () => {
    const client = new QueryClient()
    client.setQueryData(['shops'], [{ slug: 'volt' }])
    client.setQueryData(['centre-settings'], { centre_name: 'Genesis Centre' })
    client.setQueryData(['vacant-shops'], [])
    const read = await whileRecordingReads(client, async (seen) => {
      // useQuery builds its query in the cache through an observer; PageMeta-like code reads directly.
      new QueryObserver(client, { queryKey: ['centre-settings'], queryFn: () => ({}) }).getCurrentResult()
      client.getQueryData(['shops'])
      return seen
    })
    expect([...read].sort()).toEqual(['["centre-settings"]', '["shops"]'])
  })

  it('stops noting once the rendering is over, even when it failed', async () => {
    const client = new QueryClient()
    client.setQueryData(['shops'], [])
    let seen: Set<string> | undefined
    await expect(
      whileRecordingReads(client, async (read) => {
        seen = read
        throw new Error('render failed')
      }),
    ).rejects.toThrow('render failed')
    client.getQueryData(['shops'])
    expect(seen?.size).toBe(0)
  })
})
