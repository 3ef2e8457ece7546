import {
  ShopEmailSchema,
  ShopPhoneSchema,
  ShopTradingHoursSchema,
  ShopWebsiteSchema,
  shopListingSchema,
} from '@genesis/contracts/shop-listing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

/**
 * Issue 11, item 6: the listing rules hold in PostgreSQL, whoever writes and however (REST with
 * supabase-js here, as a tenant or an admin would), and a tenant's writable columns are an
 * allow-list. Each refused write answers 400 with the field named and changes nothing.
 */
type Client = ReturnType<TestGateway['client']>

describe.each(drivers)('listing rules enforced by the database (%s)', (driver) => {
  let gw: TestGateway
  let tenantA: Client
  let admin: Client
  let shopA: string
  let shopB: string

  const rowOf = async (id: string) =>
    (await gw.db.query<Record<string, unknown>>('select * from public.shops where id = $1', [id])).rows[0]

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    tenantA = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET) })
    admin = gw.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
    })
    const shops = await gw.db.query<{ id: string; shop_no: string }>(
      "select id, shop_no from public.shops where shop_no in ('G01', 'M01')",
    )
    shopA = shops.rows.find((s) => s.shop_no === 'G01')?.id ?? ''
    shopB = shops.rows.find((s) => s.shop_no === 'M01')?.id ?? ''
  })
  afterAll(() => gw.close())

  const refusals: [string, string, () => Record<string, unknown>][] = [
    ['website', 'a javascript: address', () => ({ website: 'javascript:alert(document.cookie)' })],
    ['website', 'a data: address', () => ({ website: 'data:text/html,<script>alert(1)</script>' })],
    ['website', 'an address with user info', () => ({ website: 'https://bank.example@evil.example/' })],
    ['website', 'an address with a space', () => ({ website: 'https://fresh basket.example' })],
    ['website', 'a 3000-character address', () => ({ website: `https://a.example/${'x'.repeat(3000)}` })],
    ['email', 'a non-address', () => ({ email: 'not-an-email' })],
    ['email', 'an address with a space', () => ({ email: 'a b@example.com' })],
    ['primary_phone', 'a phone with letters', () => ({ primary_phone: '<script>' })],
    // A 20 MB body never reaches the database (the REST body cap answers 413); under the cap, the
    // database refuses a description over 2000 characters.
    ['description', 'a 100 000-character description', () => ({ description: 'x'.repeat(100_000) })],
    ['description', 'a 2001-character description', () => ({ description: 'x'.repeat(2001) })],
    ['description', 'a description with a NUL-like control', () => ({ description: 'a\u0007b' })],
    ['trading_hours', 'an unknown day', () => ({ trading_hours: { funday: '09:00 - 17:00' } })],
    ['trading_hours', 'hours that are not text', () => ({ trading_hours: { monday: { a: 1 } } })],
    ['trading_hours', 'hours of 500 characters', () => ({ trading_hours: { monday: 'x'.repeat(500) } })],
    ['logo_path', 'an external address', () => ({ logo_path: 'https://evil.example/logo.png' })],
    ['logo_path', "another shop's folder", () => ({ logo_path: `${shopB}/logo.png` })],
    ['logo_path', 'a way out of the folder', () => ({ logo_path: `${shopA}/../${shopB}/logo.png` })],
    ['logo_path', 'the folder itself', () => ({ logo_path: `${shopA}/` })],
    ['logo_path', 'another bucket', () => ({ logo_path: `floor-plans/${shopA}/logo.png` })],
  ]

  it.each(refusals)(
    'refuses a tenant storing %s as %s (400, field named, nothing changed)',
    async (field, _what, change) => {
      const before = await rowOf(shopA)
      const { error, status } = await tenantA.from('shops').update(change()).eq('id', shopA)
      expect(status).toBe(400)
      expect(error?.code).toBe('23514')
      expect(error?.message).toMatch(new RegExp(`^Invalid ${field}: `))
      expect(await rowOf(shopA)).toEqual(before)
    },
  )

  it.each(refusals.filter(([field]) => field !== 'logo_path'))(
    'refuses an admin storing %s as %s too',
    async (field, _what, change) => {
      const { error, status } = await admin.from('shops').update(change()).eq('id', shopB)
      expect(status).toBe(400)
      expect(error?.message).toMatch(new RegExp(`^Invalid ${field}: `))
    },
  )

  it('holds for writes that bypass the trigger messages: the CHECK constraints stand on their own', async () => {
    // The service role writing straight SQL with the message trigger disabled still meets the rules.
    await expect(
      gw.db.transaction(async (tx) => {
        await tx.exec('alter table public.shops disable trigger shops_check_listing')
        await tx.query("update public.shops set website = 'javascript:alert(1)' where id = $1", [shopA])
      }),
    ).rejects.toMatchObject({ code: '23514' })
    expect((await rowOf(shopA)).website).not.toBe('javascript:alert(1)')
  })

  it('accepts a valid listing from the tenant, blank optional fields becoming null', async () => {
    const listing = {
      website: 'https://fresh-basket.example.co.za/shop?ref=genesis#top',
      email: 'Hello@FreshBasket.example.co.za',
      primary_phone: '+27 (0)11 274-5310',
      description: `Fresh produce.\nBakery on site.\t${'é'.repeat(1900)}`,
      trading_hours: { monday: '07:00 - 20:00', sunday: '', saturday: null },
      logo_path: `${shopA}/logo-2026.png`,
    }
    const { data, error } = await tenantA.from('shops').update(listing).eq('id', shopA).select().single()
    expect(error).toBeNull()
    expect(data).toMatchObject(listing)
    const cleared = await tenantA
      .from('shops')
      .update({ website: '  ', email: '', primary_phone: ' ', logo_path: null })
      .eq('id', shopA)
      .select('website, email, primary_phone, logo_path')
      .single()
    expect(cleared.error).toBeNull()
    expect(cleared.data).toEqual({ website: null, email: null, primary_phone: null, logo_path: null })
  })

  it('lets a tenant change only the allow-listed columns, naming what it refused', async () => {
    for (const [change, named] of [
      [{ shop_no: 'G99' }, 'shop_no'],
      [{ is_published: false }, 'is_published'],
      [{ created_at: '2020-01-01T00:00:00Z' }, 'created_at'],
      [{ gla_m2: 1, description: 'ok' }, 'gla_m2'],
    ] as const) {
      const before = await rowOf(shopA)
      const { error, status } = await tenantA.from('shops').update(change).eq('id', shopA)
      expect(status).toBe(403)
      expect(error).toMatchObject({ code: '42501', details: `Refused: ${named}.` })
      expect(await rowOf(shopA)).toEqual(before)
    }
    // The admin may change them.
    const { error } = await admin.from('shops').update({ gla_m2: 1500 }).eq('id', shopA)
    expect(error).toBeNull()
  })

  it("keeps a column added later out of the tenant's reach by default", async () => {
    await gw.db.exec('alter table public.shops add column loyalty_points integer not null default 0')
    try {
      // The REST schema cache reloads after DDL (NOTIFY pgrst): wait until it knows the column.
      for (let i = 0; ; i++) {
        const { error } = await admin.from('shops').select('loyalty_points').limit(1)
        if (!error) break
        if (i > 200) throw new Error(`the new column never appeared over REST: ${error.message}`)
        await new Promise((r) => setTimeout(r, 50))
      }
      const refused = await tenantA.from('shops').update({ loyalty_points: 1_000_000 }).eq('id', shopA)
      expect(refused.status).toBe(403)
      expect(refused.error).toMatchObject({ code: '42501', details: 'Refused: loyalty_points.' })
      const allowed = await admin.from('shops').update({ loyalty_points: 5 }).eq('id', shopA)
      expect(allowed.error).toBeNull()
    } finally {
      await gw.db.exec('alter table public.shops drop column loyalty_points')
    }
  })

  it('agrees with the shared zod schema the forms validate with, sample by sample', async () => {
    const samples: [string, string, { safeParse(v: unknown): { success: boolean } }, unknown[]][] = [
      [
        "private.listing_website_ok(nullif(btrim($1::text), ''))",
        'website',
        ShopWebsiteSchema,
        [
          'https://a.example',
          'http://a.example:8080/x?y=1#z',
          'HTTPS://A.EXAMPLE',
          ' https://padded.example ',
          '',
          'ftp://a.example',
          'javascript:alert(1)',
          'https://',
          'https://a@b.example',
          'https://a.example/\u0001',
          'https:/a.example',
          '//a.example',
        ],
      ],
      [
        "private.listing_email_ok(nullif(btrim($1::text), ''))",
        'email',
        ShopEmailSchema,
        ['a@b.co', 'A.B+c@d.example.co.za', '', 'a@b', 'a@@b.co', '@b.co', `${'a'.repeat(250)}@b.co`],
      ],
      [
        "private.listing_phone_ok(nullif(btrim($1::text), ''))",
        'primary_phone',
        ShopPhoneSchema,
        ['011 274 5310', '+27 (0)11 274-5310', '12', '123', '011 ext 5', '1'.repeat(41), ''],
      ],
      [
        'private.listing_hours_ok($1::jsonb)',
        'trading_hours',
        ShopTradingHoursSchema,
        [{}, { monday: '08:00 - 17:00', sunday: null }, { Monday: 'x' }, { monday: 1 }, { friday: 'a\nb' }],
      ],
    ]
    for (const [sql, field, schema, values] of samples) {
      for (const value of values) {
        const param = typeof value === 'string' ? value : JSON.stringify(value)
        const { rows } = await gw.db.query<{ ok: boolean }>(`select ${sql} as ok`, [param])
        expect(schema.safeParse(value).success, `${field} ${JSON.stringify(value)}`).toBe(rows[0].ok)
      }
    }
    const logo = shopListingSchema(shopA)
    for (const path of [
      `${shopA}/logo.png`,
      `${shopB}/logo.png`,
      `${shopA}/../x.png`,
      `${shopA}/`,
      'x.png',
    ]) {
      const { rows } = await gw.db.query<{ ok: boolean }>('select private.listing_logo_ok($1, $2) as ok', [
        shopA,
        path,
      ])
      expect(logo.safeParse({ logo_path: path }).success, path).toBe(rows[0].ok)
    }
    // A column the tenant may not write is refused by the form's schema too.
    expect(logo.safeParse({ shop_no: 'G99' }).success).toBe(false)
  })
})
