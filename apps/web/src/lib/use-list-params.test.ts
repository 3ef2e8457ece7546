import { describe, expect, it } from 'vitest'
import { pageRange, searchTerm } from './use-list-params'

describe('list paging and search', () => {
  it('turns a 1-based page into the inclusive REST range', () => {
    expect(pageRange(1, 20)).toEqual({ from: 0, to: 19 })
    expect(pageRange(3, 25)).toEqual({ from: 50, to: 74 })
  })

  it('drops the characters that would change a PostgREST or=() filter, keeping e-mails and ids whole', () => {
    expect(searchTerm('  fresh,basket) ')).toBe('fresh basket')
    expect(searchTerm('a*b%c"d\\e(f')).toBe('a b c d e f')
    expect(searchTerm('admin@genesis-centre.test')).toBe('admin@genesis-centre.test')
    expect(searchTerm('951c388d-19d3-4848-a4aa-cdd12a449737')).toBe('951c388d-19d3-4848-a4aa-cdd12a449737')
    expect(searchTerm(' , ')).toBe('')
  })
})
