import { describe, expect, it } from 'vitest'
import { Mutex } from './mutex.ts'

describe('the FIFO mutex', () => {
  it('runs callers one at a time in the order they asked', async () => {
    const lock = new Mutex()
    const log: string[] = []
    const task = (name: string, ms: number) =>
      lock.run(async () => {
        log.push(`${name} start`)
        await new Promise((r) => setTimeout(r, ms))
        log.push(`${name} end`)
        return name
      })
    const results = await Promise.all([task('a', 20), task('b', 1), task('c', 5)])
    expect(results).toEqual(['a', 'b', 'c'])
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end'])
  })

  it('keeps the queue going after a failure', async () => {
    const lock = new Mutex()
    await expect(lock.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(lock.run(async () => 'next')).resolves.toBe('next')
  })
})
