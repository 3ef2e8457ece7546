import { afterEach, describe, expect, it, vi } from 'vitest'
import { RepeatingTask } from './repeating-task.ts'

describe('RepeatingTask', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs at once, then every interval, once however often it is started, and not after stop()', async () => {
    vi.useFakeTimers()
    const work = vi.fn(async () => {})
    const task = new RepeatingTask(work, 1_000)
    task.start()
    task.start()
    expect(work).toHaveBeenCalledTimes(1)
    expect(task.running).toBe(true)
    await vi.advanceTimersByTimeAsync(2_500)
    expect(work).toHaveBeenCalledTimes(3)
    task.stop()
    expect(task.running).toBe(false)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(work).toHaveBeenCalledTimes(3)
    task.start()
    expect(work).toHaveBeenCalledTimes(4)
    task.stop()
  })

  it('does not keep the process alive', () => {
    const task = new RepeatingTask(async () => {}, 60_000)
    const setInterval = vi.spyOn(globalThis, 'setInterval')
    task.start()
    const timer = setInterval.mock.results[0]?.value as NodeJS.Timeout
    expect(timer.hasRef()).toBe(false)
    task.stop()
    setInterval.mockRestore()
  })
})
