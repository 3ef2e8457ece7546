import { describe, expect, it } from 'vitest'
import { checkNewsletterMarkdown, newsletterRenderer, renderNewsletter } from './newsletter-email.ts'

const SENDER = {
  name: 'Genesis Centre',
  address: '12 Protea Avenue, Linden, Johannesburg, Gauteng, 2195',
  phone: '011 274 5300',
  email: 'info@genesis-centre.test',
  websiteUrl: 'https://genesis-centre.test',
}
const UNSUBSCRIBE = 'https://genesis-centre.test/functions/v1/newsletter-subscription/unsubscribe?token=ab12'

describe('a newsletter as sent', () => {
  it('renders the Markdown and carries the sender, contacts and unsubscribe link in both parts', () => {
    const mail = renderNewsletter(
      { subject: 'October', body: '# October news\n\nTwo **new** stores. [Visit](https://example.com)' },
      SENDER,
      UNSUBSCRIBE,
    )
    expect(mail.html).toContain('<h1 style=')
    expect(mail.html).toContain('<strong>new</strong>')
    expect(mail.html).toContain('href="https://example.com"')
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Genesis Centre')
      expect(part).toContain('12 Protea Avenue')
      expect(part).toContain('011 274 5300')
      expect(part).toContain('info@genesis-centre.test')
      expect(part).toContain(UNSUBSCRIBE.replace(/&/g, '&amp;'))
    }
    expect(mail.text).toContain('# October news')
    expect(mail.text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`)
  })

  it('renders an issue once for many recipients: each message has only its own link, as rendered alone', () => {
    const issue = {
      subject: 'Q & A',
      preheader: 'Late "trading"',
      body: '# News\n\nA [link](https://example.com/?a=1&b=2)',
    }
    const render = newsletterRenderer(issue, SENDER)
    const links = [UNSUBSCRIBE, `${UNSUBSCRIBE}&x="<y>"`, 'https://genesis-centre.test/u?token=cd34']
    const mails = links.map((link) => render(link))
    links.forEach((link, i) => {
      expect(mails[i]).toEqual(renderNewsletter(issue, SENDER, link))
      expect(mails[i].text).toContain(`Unsubscribe: ${link}\n`)
      for (const other of links.filter((l) => l !== link))
        expect(mails[i].text).not.toContain(`Unsubscribe: ${other}\n`)
    })
    expect(mails[1].html).toContain('&amp;x=&quot;&lt;y&gt;&quot;')
  })

  it('shows raw HTML as text and drops script links', () => {
    const mail = renderNewsletter(
      { subject: 'x', body: '<script>alert(1)</script>\n\n[click](javascript:alert(1))' },
      SENDER,
      UNSUBSCRIBE,
    )
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.html).not.toContain('javascript:')
  })

  it('names the line of every problem of a draft', () => {
    expect(checkNewsletterMarkdown('# Fine\n\n[ok](https://example.com) and <https://example.com>')).toEqual(
      [],
    )
    expect(checkNewsletterMarkdown('   ')).toEqual(['Write the newsletter before sending it.'])
    expect(checkNewsletterMarkdown('Hi\n[bad](javascript:alert(1))\n<b>bold</b>\n```\ncode')).toEqual([
      'Line 2: the link "javascript:alert(1" must start with https://, http:// or mailto:.',
      'Line 3: HTML is not allowed in the newsletter; it would be shown as text.',
      'Line 4: this code block is never closed (add a line with ```).',
    ])
  })
})
