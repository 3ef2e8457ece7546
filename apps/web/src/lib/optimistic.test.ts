import { MutationObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { optimisticUpdate } from './optimistic'
import { createQueryClient } from './query-client'

interface Page {
  rows: { id: string; published: boolean }[]
}

const page = (...rows: [string, boolean][]): Page => ({
  rows: rows.map(([id, published]) => ({ id, published })),
})
const publish = (p: Page, id: string): Page => ({
  rows: p.rows.map((r) => (r.id === id ? { ...r, published: true } : r)),
})

/** A mutation held open until the test settles it, as a slow network would. */
function heldMutation() {
  let settle: (error?: Error) => void = () => {}
  const mutationFn = () =>
    new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve())
    })
  return { mutationFn, settle: (error?: Error) => settle(error) }
}

describe('optimisticUpdate', () => {
  it('shows the change on every cached page before the server answers', async () => {
    const client = createQueryClient()
    client.setQueryData(['shops', 'list', 1], page(['a', false], ['b', false]))
    client.setQueryData(['shops', 'list', 2], page(['c', false]))
    const held = heldMutation()
    const failures: string[] = []
    const observer = new MutationObserver(client, {
      mutationFn: held.mutationFn,
      ...optimisticUpdate<Page, string>(client, { queryKey: ['shops', 'list'] }, publish, (e) =>
        failures.push(e.message),
      ),
    })

    const done = observer.mutate('c')
    await new Promise((r) => setTimeout(r, 0))
    expect(client.getQueryData<Page>(['shops', 'list', 2])?.rows[0].published).toBe(true)
    expect(client.getQueryData<Page>(['shops', 'list', 1])?.rows.every((r) => !r.published)).toBe(true)

    held.settle()
    await done
    expect(failures).toEqual([])
  })

  it('puts every page back and says why when the server refuses', async () => {
    const client = createQueryClient()
    const before = page(['a', false], ['b', false])
    client.setQueryData(['shops', 'list', 1], before)
    const held = heldMutation()
    const failures: string[] = []
    const observer = new MutationObserver(client, {
      mutationFn: held.mutationFn,
      ...optimisticUpdate<Page, string>(client, { queryKey: ['shops', 'list'] }, publish, (e, id) =>
        failures.push(`${id}: ${e.message}`),
      ),
    })

    const done = observer.mutate('a').catch(() => undefined)
    await new Promise((r) => setTimeout(r, 0))
    expect(client.getQueryData<Page>(['shops', 'list', 1])?.rows[0].published).toBe(true)

    held.settle(new Error('new row violates row-level security policy'))
    await done
    expect(client.getQueryData(['shops', 'list', 1])).toEqual(before)
    expect(failures).toEqual(['a: new row violates row-level security policy'])
  })

  it('leaves queries outside an exact target alone', async () => {
    const client = createQueryClient()
    const readership = new Map([['n1', 3]])
    client.setQueryData(['notices'], [{ id: 'n1', published: false }])
    client.setQueryData(['notices', 'readership'], readership)
    const observer = new MutationObserver(client, {
      mutationFn: async () => undefined,
      ...optimisticUpdate<Page['rows'], string>(
        client,
        { queryKey: ['notices'], exact: true },
        (rows, id) => rows.map((r) => (r.id === id ? { ...r, published: true } : r)),
        () => undefined,
      ),
    })

    await observer.mutate('n1')
    expect(client.getQueryData(['notices', 'readership'])).toBe(readership)
  })
})
