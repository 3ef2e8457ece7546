import { describe, expect, it } from 'vitest'

describe('the toolchain', () => {
  it('runs on Node 24 from the registry package, not the machine’s own Node', () => {
    expect(process.versions.node.split('.')[0]).toBe('24')
    expect(process.execPath).toContain('node_modules')
  })
})
