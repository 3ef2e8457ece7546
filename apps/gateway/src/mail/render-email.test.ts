import { describe, expect, it } from 'vitest'
import { type EmailBrand, renderEmail } from './render-email.ts'

const brand: EmailBrand = {
  name: 'Genesis Centre',
  address: '12 Protea Avenue, Northcliff, Johannesburg, 2195',
  phone: '011 274 5300',
  email: 'info@genesis-centre.test',
  websiteUrl: 'https://genesis.example',
}

describe('renderEmail', () => {
  it('renders the same content as HTML and as text, with the centre name and contacts', () => {
    const { html, text } = renderEmail(
      {
        heading: 'Enquiry received!',
        paragraphs: ['We will be in touch shortly.'],
        details: [
          ['Unit', 'UG10'],
          ['Phone', undefined],
        ],
        button: { label: 'Visit our website', url: 'https://genesis.example/leasing' },
        footer: ['You receive this because you wrote to us.'],
        footerLinks: [{ label: 'Unsubscribe', url: 'https://genesis.example/u?token=abc' }],
      },
      brand,
    )
    for (const body of [html, text]) {
      expect(body).toContain('Enquiry received!')
      expect(body).toContain('We will be in touch shortly.')
      expect(body).toContain('UG10')
      expect(body).toContain('Genesis Centre')
      expect(body).toContain('011 274 5300')
      expect(body).toContain('info@genesis-centre.test')
      expect(body).toContain('12 Protea Avenue, Northcliff, Johannesburg, 2195')
      expect(body).toContain('You receive this because you wrote to us.')
    }
    expect(html).toContain('href="https://genesis.example/leasing"')
    expect(html).toContain('href="https://genesis.example/u?token=abc"')
    expect(text).toContain('Visit our website: https://genesis.example/leasing')
    expect(text).toContain('Unsubscribe: https://genesis.example/u?token=abc')
    // An empty detail is left out rather than shown as a blank row.
    expect(text).not.toContain('Phone:')
    expect(html).not.toContain('>Phone<')
  })

  it('escapes everything a visitor typed in the HTML part and keeps it verbatim in the text part', () => {
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>'
    const { html, text } = renderEmail(
      { heading: hostile, paragraphs: [hostile], details: [['Message', `line one\n${hostile}`]] },
      { ...brand, name: 'A & B <Centre>' },
    )
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img')
    expect(html).toContain('A &amp; B &lt;Centre&gt;')
    expect(html).toContain('line one<br>&lt;script&gt;')
    expect(text).toContain(hostile)
  })

  it('refuses links that are not http(s)', () => {
    expect(() =>
      renderEmail(
        { heading: 'h', paragraphs: [], button: { label: 'x', url: 'javascript:alert(1)' } },
        brand,
      ),
    ).toThrow(/http/)
  })
})
