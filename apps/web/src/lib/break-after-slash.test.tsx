import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { breakAfterSlash } from './break-after-slash'

describe('breakAfterSlash', () => {
  it('offers a line break after each slash and keeps the text whole', () => {
    const { container } = render(<p>{breakAfterSlash('R35,000/month')}</p>)
    expect(container.textContent).toBe('R35,000/month')
    expect(container.innerHTML).toBe('<p>R35,000/<wbr>month</p>')
  })

  it('leaves text without a slash alone', () => {
    const { container } = render(<p>{breakAfterSlash('45,000+')}</p>)
    expect(container.innerHTML).toBe('<p>45,000+</p>')
  })
})
