import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

const TO_ALL = '40000000-0000-4000-8000-0000000000a1'
const TO_G01 = '40000000-0000-4000-8000-0000000000a2'

/** "Read by N of M" of the notices list (migration 20261124330000), through REST with real tokens. */
describe.each(drivers)('notice readership (%s)', (driver) => {
  let gw: TestGateway
  const client = async (who: 'admin' | 'tenantA' | 'tenantB') =>
    gw.client({
      accessToken: await signToken(
        userClaims(who === 'admin' ? DEMO.admin : DEMO[who], { aal: who === 'admin' ? 'aal2' : 'aal1' }),
        TEST_JWT_SECRET,
      ),
    })
  const counts = async (who: 'admin' | 'tenantA' | 'tenantB') => {
    const { data, error } = await (await client(who)).rpc('notice_readership')
    expect(error).toBeNull()
    return Object.fromEntries(
      (data as { notice_id: string; read: number; addressed: number }[])
        .filter((r) => r.notice_id === TO_ALL || r.notice_id === TO_G01)
        .map((r) => [r.notice_id === TO_ALL ? 'all' : 'g01', `${r.read}/${r.addressed}`]),
    )
  }

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    await gw.db.exec(`
      insert into public.notices (id, title, body, audience, shop_ids) values
        ('${TO_ALL}', 'Water off', 'On Sunday.', 'all', '{}'),
        ('${TO_G01}', 'Delivery bay', 'Closed.', 'shops', array[(select id from public.shops where shop_no = 'G01')]);
      -- A tenant without a portal account reads nothing and is not counted.
      insert into public.tenants (company_name, email, shop_id)
        values ('No Account CC', 'none@example.com', (select id from public.shops where shop_no = 'G02'));
    `)
  })
  afterAll(() => gw.close())

  it('counts the tenants a notice reaches and those who read it, for an admin', async () => {
    expect(await counts('admin')).toEqual({ all: '0/2', g01: '0/1' })
    const tenantA = await client('tenantA')
    const marked = await tenantA.from('notice_receipts').insert({ notice_id: TO_ALL })
    expect(marked.error).toBeNull()
    await tenantA.from('notice_receipts').insert({ notice_id: TO_G01 })
    expect(await counts('admin')).toEqual({ all: '1/2', g01: '1/1' })
  })

  it('shows a tenant no more than their own part, and refuses visitors', async () => {
    // Tenant B is reached by the notice to all only, and sees only their own (missing) receipt.
    expect(await counts('tenantB')).toEqual({ all: '0/1' })
    const anon = await gw.client().rpc('notice_readership')
    expect(anon.error?.code).toBe('42501')
  })
})
