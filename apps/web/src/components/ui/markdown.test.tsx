import '../../testing/setup'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown } from './markdown'

describe('Markdown (notices as tenants and admins read them)', () => {
  it('renders emphasis, lists and headings as elements, not as asterisks and hashes', () => {
    render(<Markdown text={'## Water off\n\nOn **Tuesday** from 09:00:\n\n- ground floor\n- mezzanine'} />)
    expect(screen.getByRole('heading', { name: 'Water off' })).toBeInTheDocument()
    expect(screen.getByText('Tuesday').tagName).toBe('STRONG')
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ground floor', 'mezzanine'])
  })

  it('skips raw HTML: no script, image or handler from the text reaches the page', () => {
    const { container } = render(
      <Markdown text={'Hello <img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold</b>'} />,
    )
    expect(container.querySelector('img, script, b, [onerror]')).toBeNull()
    expect(container.textContent).toContain('Hello')
  })

  it('opens links in a new tab without giving the page an opener', () => {
    render(<Markdown text={'See [the rules](https://example.org/rules)'} />)
    const link = screen.getByRole('link', { name: 'the rules' })
    expect(link).toHaveAttribute('href', 'https://example.org/rules')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noreferrer noopener')
  })
})
