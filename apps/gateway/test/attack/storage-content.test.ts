import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectContent } from '../../src/services/storage/inspect-content.ts'
import { createStorageFixture, DEMO, type StorageFixture, storageCases } from '../storage/storage-fixture.ts'

/**
 * Issue 11, item 11: an upload claimed as an image is one. An SVG (or an HTML page) that can run
 * script is refused whatever it declares, however it is written and wherever in the file the
 * script sits; names that look like other names (leading or trailing spaces, invisible or
 * direction-changing characters) are refused.
 */
const CLEAN_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Fresh Basket logo -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 96 96">
  <defs><linearGradient id="g" offset="0"><stop offset="0" stop-color="#c2410c"/></linearGradient></defs>
  <title>Fresh Basket &amp; Co &#169; 2026</title>
  <rect width="96" height="96" fill="url(#g)"/>
  <use xlink:href="#g"/>
  <a href="https://freshbasket.example.co.za/"><text x="8" y="60" font-family="Inter">Fresh</text></a>
</svg>
`

/** SVG and HTML bodies that must never be stored as `image/svg+xml`. */
const HOSTILE: [string, string][] = [
  [
    'a script element',
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
  ],
  ['a namespaced script', '<svg xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script></svg>'],
  ['an onload handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
  ['a handler after a slash', '<svg/onload=alert(1)>'],
  ['a javascript: link', '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>'],
  ['a javascript: link in references', '<svg><a href="&#106;&#x61;vascript&#58;alert(1)">x</a></svg>'],
  ['a javascript: link split by a tab', '<svg><a xlink:href="java\tscript:alert(1)">x</a></svg>'],
  ['a javascript: link with &colon;', '<svg><a href="javascript&colon;alert(1)">x</a></svg>'],
  [
    'a foreignObject with HTML',
    '<svg><foreignObject><iframe src="https://evil.example"/></foreignObject></svg>',
  ],
  [
    'an animated link',
    '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
  ],
  ['a data: HTML document', '<svg><image href="data:text/html;base64,PHNjcmlwdD4="/></svg>'],
  ['an entity declaration', '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'],
  ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
  ['an HTML page without script', '<html><body><h1>Not an image</h1></body></html>'],
  ['plain text', 'just some text'],
  ['nothing', ''],
]

describe('the SVG inspector, chunk by chunk', () => {
  const refused = (chunks: string[]) => {
    const inspector = inspectContent('image/svg+xml')
    try {
      for (const chunk of chunks) inspector.feed(new TextEncoder().encode(chunk))
      inspector.end()
      return false
    } catch {
      return true
    }
  }

  it('sees a script however the body is cut into chunks', () => {
    const body = '<svg><a href="javascript:alert(1)">x</a><script>alert(2)</script></svg>'
    for (let cut = 1; cut < body.length; cut++) {
      expect(refused([body.slice(0, cut), body.slice(cut)]), `cut at ${cut}`).toBe(true)
    }
    const onlyHandler = '<svg><rect onclick="alert(1)"/></svg>'
    for (let cut = 1; cut < onlyHandler.length; cut++) {
      expect(refused([onlyHandler.slice(0, cut), onlyHandler.slice(cut)]), `cut at ${cut}`).toBe(true)
    }
  })

  it('sees a script 1 MB into the file', () => {
    const padding = `<g>${'<rect width="1" height="1"/>'.repeat(40_000)}</g>`
    const body = `<svg>${padding}<script>alert(1)</script></svg>`
    const chunks = body.match(/[\s\S]{1,65536}/g) ?? []
    expect(chunks.length).toBeGreaterThan(10)
    expect(refused(chunks)).toBe(true)
    expect(refused([`<svg>${padding}</svg>`])).toBe(false)
  })

  it('lets a plain logo through, in one piece or byte by byte', () => {
    expect(refused([CLEAN_SVG])).toBe(false)
    expect(refused([...CLEAN_SVG])).toBe(false)
  })
})

describe.each(storageCases)('uploads that claim to be images (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  const shopFolder = async () =>
    (
      await f.gw.db.query<{ id: string }>('select shop_id as id from public.tenants where id = $1', [
        DEMO.tenantA.tenantId,
      ])
    ).rows[0].id

  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
    await f.service.storage.createBucket('pictures', { public: true, allowedMimeTypes: ['image/*'] })
  })
  afterAll(() => f.close())

  it.each(HOSTILE)('refuses an SVG logo with %s (415, nothing stored)', async (_what, body) => {
    const folder = await shopFolder()
    const before = await f.objectCount()
    const { error } = await f.tenantA.storage
      .from('shop-logos')
      .upload(`${folder}/logo.svg`, new TextEncoder().encode(body), { contentType: 'image/svg+xml' })
    expect(error).toMatchObject({
      statusCode: '415',
      message: 'mime type image/svg+xml does not match the content of the file',
    })
    expect(await f.objectCount()).toBe(before)
  })

  it('stores a plain SVG logo and serves it back unchanged', async () => {
    const folder = await shopFolder()
    const { error } = await f.tenantA.storage
      .from('shop-logos')
      .upload(`${folder}/logo.svg`, new TextEncoder().encode(CLEAN_SVG), {
        contentType: 'image/svg+xml',
        upsert: true,
      })
    expect(error).toBeNull()
    const res = await f.fetch(`/storage/v1/object/public/shop-logos/${folder}/logo.svg`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(CLEAN_SVG)
    // Even a stored SVG opened directly runs nothing: no script source in its policy.
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    await f.tenantA.storage.from('shop-logos').remove([`${folder}/logo.svg`])
  })

  it('refuses an HTML page declared as an image type without a signature', async () => {
    for (const type of ['image/x-icon', 'image/bmp', 'image/tiff']) {
      const { error } = await f.admin.storage
        .from('pictures')
        .upload('page.ico', new TextEncoder().encode('\n  <html><script>alert(1)</script></html>'), {
          contentType: type,
        })
      expect(error, type).toMatchObject({ statusCode: '415' })
    }
    // A real icon (its header is binary) is stored.
    const icon = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x68, 4, 0, 0, 0x16, 0, 0, 0])
    const ok = await f.admin.storage
      .from('pictures')
      .upload('favicon.ico', icon, { contentType: 'image/x-icon' })
    expect(ok.error).toBeNull()
    await f.admin.storage.from('pictures').remove(['favicon.ico'])
  })

  it.each([
    [' logo.png', 'a leading space'],
    ['logo.png ', 'a trailing space'],
    ['folder /logo.png', 'a folder with a trailing space'],
    ['\u00a0logo.png', 'a leading no-break space'],
    ['logo\u202Egnp.exe', 'a right-to-left override'],
    ['lo\u200Bgo.png', 'a zero-width space'],
    ['\uFEFFlogo.png', 'a byte-order mark'],
  ])('refuses the name %j (%s) without storing anything', async (name) => {
    const before = await f.objectCount()
    const res = await f.fetch(
      `/storage/v1/object/pictures/${encodeURIComponent(name).replace(/%2F/g, '/')}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${f.gw.keys.serviceRoleKey}`, 'content-type': 'image/png' },
        body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      },
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
    expect(await f.objectCount()).toBe(before)
  })
})
