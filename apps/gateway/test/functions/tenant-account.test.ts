import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authClient, fragmentOf, readMail } from '../auth/helpers.ts'
import { drivers } from '../support/database.ts'
import { type Caller, clientAs, functionAnswer } from '../support/function-calls.ts'
import { createTestGateway, TEST_URL, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

const NEW_TENANT = '7e000000-0000-4000-8000-0000000000c1'
const NEW_EMAIL = 'owner@kasikicks.example'
const PASSWORD = 'Kasi-Kicks-2026!'

/**
 * tenant-account (issue 13, item 4): centre management manages a tenant's portal account. The
 * database decides who may (an admin with their second factor); the function then uses the auth
 * admin API with the service role, and every request is recorded.
 */
describe.each(drivers)('tenant portal accounts (%s)', (driver) => {
  let gw: TestGateway
  const as = (who: Caller) => clientAs(gw, who)
  const act = async (who: Parameters<typeof as>[0], action: string, tenantId = NEW_TENANT) =>
    functionAnswer(
      await (await as(who)).functions.invoke('tenant-account', { body: { tenant_id: tenantId, action } }),
    )
  const tenantRow = async () =>
    (
      await gw.db.query<{ user_id: string | null }>('select user_id from public.tenants where id = $1', [
        NEW_TENANT,
      ])
    ).rows[0]
  const account = async () =>
    (
      await gw.db.query<{ id: string; role: string | null; banned: boolean; confirmed: boolean }>(
        `select id, raw_app_meta_data ->> 'role' as role, coalesce(banned_until > now(), false) as banned,
                email_confirmed_at is not null as confirmed
           from auth.users where email = $1`,
        [NEW_EMAIL],
      )
    ).rows[0]
  const actions = async () =>
    (
      await gw.db.query<{ action: string; status: string; requested_by: string | null }>(
        'select action, status, requested_by from public.tenant_account_actions where tenant_id = $1 order by requested_at',
        [NEW_TENANT],
      )
    ).rows
  const signIn = async () => {
    const client = authClient(gw)
    const { data, error } = await client.auth.signInWithPassword({ email: NEW_EMAIL, password: PASSWORD })
    return { client, session: data.session, error }
  }

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    await gw.db.exec(`
      insert into public.tenants (id, shop_id, company_name, contact_name, email)
        values ('${NEW_TENANT}', (select id from public.shops where shop_no = 'G02'), 'Kasi Kicks (Pty) Ltd',
                'Thabo Nkosi', '${NEW_EMAIL}');
    `)
  })
  afterAll(() => gw.close())

  it('refuses visitors, tenants and an admin without the code step, and changes nothing', async () => {
    for (const who of ['anon', 'tenantA', 'adminAal1'] as const) {
      for (const action of ['invite', 'deactivate'] as const) {
        const res = await act(who, action, action === 'invite' ? NEW_TENANT : DEMO.tenantB.tenantId)
        expect({ who, action, ...res }).toEqual({
          who,
          action,
          status: 403,
          body: {
            error: 'Only centre management, signed in with their second factor, can manage tenant accounts',
          },
        })
      }
    }
    // A token that does not verify never reaches the function.
    const forged = gw.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), 'x'.repeat(40)),
    })
    const refused = await functionAnswer(
      await forged.functions.invoke('tenant-account', { body: { tenant_id: NEW_TENANT, action: 'invite' } }),
    )
    expect(refused.status).toBe(401)

    expect(await tenantRow()).toEqual({ user_id: null })
    expect(await account()).toBeUndefined()
    expect(await actions()).toEqual([])
    const banned = await gw.db.query('select 1 from auth.users where id = $1 and banned_until is not null', [
      DEMO.tenantB.id,
    ])
    expect(banned.rows).toEqual([])
    // The account functions are not callable over REST by a tenant either.
    const tenant = await as('tenantA')
    const rpc = await tenant.rpc('begin_tenant_account_action', {
      target_tenant: DEMO.tenantB.tenantId,
      requested_action: 'deactivate',
    })
    expect(rpc.error?.code).toBe('42501')
  })

  it('answers an unknown action or tenant clearly', async () => {
    const bad = await act('admin', 'explode')
    expect(bad).toEqual({ status: 400, body: { error: 'Unknown account action: explode' } })
    expect(await act('admin', 'invite', '7e000000-0000-4000-8000-0000000000ee')).toEqual({
      status: 404,
      body: { error: 'Tenant not found' },
    })
    expect(await act('admin', 'invite', 'not-a-uuid')).toEqual({
      status: 404,
      body: { error: 'Tenant not found' },
    })
    expect(await actions()).toEqual([])
  })

  it('invites the tenant: the account is made a tenant, linked, mailed a link that sets their password', async () => {
    expect(await act('admin', 'resend_invite')).toEqual({
      status: 409,
      body: { error: 'This tenant has no portal account yet: send an invite first.' },
    })
    const res = await act('admin', 'invite')
    expect(res).toEqual({ status: 200, body: { success: true, message: `Invite sent to ${NEW_EMAIL}.` } })
    const user = await account()
    expect(user).toMatchObject({ role: 'tenant', banned: false, confirmed: false })
    expect(await tenantRow()).toEqual({ user_id: user.id })
    expect(await actions()).toEqual([{ action: 'invite', status: 'done', requested_by: DEMO.admin.id }])
    // The audit trail names the admin who asked.
    const audit = await gw.db.query<{ actor_email: string }>(
      `select actor_email from public.audit_log where table_name = 'tenant_account_actions' and action = 'insert'`,
    )
    expect(audit.rows).toEqual([{ actor_email: DEMO.admin.email }])

    // A second invite is refused with what to do instead.
    expect(await act('admin', 'invite')).toEqual({
      status: 409,
      body: { error: 'This tenant has already been invited: resend the invite instead.' },
    })
    expect(await act('admin', 'password_reset')).toEqual({
      status: 409,
      body: { error: 'This tenant has not set a password yet: resend the invite instead.' },
    })
    // Resending issues a new link; the first one no longer works.
    const first = await readMail(gw.db, NEW_EMAIL, { category: 'auth-invite' })
    expect((await act('admin', 'resend_invite')).status).toBe(200)
    const second = await readMail(gw.db, NEW_EMAIL, { category: 'auth-invite', after: first.seq })
    expect(second.link).toBeDefined()
    expect(second.link).not.toBe(first.link)
    const stale = await gw.app.request(first.link!)
    expect(fragmentOf(stale.headers.get('location')!).get('error_code')).toBe('otp_expired')

    // The tenant opens the link: back to the portal's login with a session, then sets a password.
    const opened = await gw.app.request(second.link!)
    expect(opened.status).toBe(303)
    const location = opened.headers.get('location')!
    expect(location.startsWith(`${TEST_URL}/tenant/login#`)).toBe(true)
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('invite')
    const invited = authClient(gw)
    await invited.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    const updated = await invited.auth.updateUser({ password: PASSWORD })
    expect(updated.error).toBeNull()

    const { client, session, error } = await signIn()
    expect(error).toBeNull()
    expect(session?.user.app_metadata.role).toBe('tenant')
    const own = await client.from('tenants').select('company_name')
    expect(own.data).toEqual([{ company_name: 'Kasi Kicks (Pty) Ltd' }])
    expect(await act('admin', 'resend_invite')).toEqual({
      status: 409,
      body: { error: 'This tenant has already accepted the invite: send a password-reset link instead.' },
    })
  })

  it('sends a password-reset link to the portal', async () => {
    const before = await readMail(gw.db, NEW_EMAIL)
    expect(await act('admin', 'password_reset')).toEqual({
      status: 200,
      body: { success: true, message: `Password-reset link sent to ${NEW_EMAIL}.` },
    })
    const mail = await readMail(gw.db, NEW_EMAIL, { category: 'auth-recovery', after: before.seq })
    const opened = await gw.app.request(mail.link!)
    const location = opened.headers.get('location')!
    expect(location.startsWith(`${TEST_URL}/tenant/login#`)).toBe(true)
    expect(fragmentOf(location).get('type')).toBe('recovery')
  })

  it('resets a lost second factor', async () => {
    expect(await act('admin', 'reset_two_factor')).toEqual({
      status: 409,
      body: { error: 'This tenant has no two-factor sign-in to reset.' },
    })
    const user = await account()
    await gw.db.query(
      `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
         values ($1, 'Lost phone', 'totp', 'verified', 'JBSWY3DPEHPK3PXP')`,
      [user.id],
    )
    expect((await act('admin', 'reset_two_factor')).status).toBe(200)
    const left = await gw.db.query('select 1 from auth.mfa_factors where user_id = $1', [user.id])
    expect(left.rows).toEqual([])
  })

  it('deactivates: the open session reads nothing and ends, sign-in is refused; reactivating restores it', async () => {
    const open = await signIn()
    expect(open.error).toBeNull()
    expect((await open.client.from('tenants').select('id')).data).toHaveLength(1)

    expect((await act('admin', 'deactivate')).status).toBe(200)
    expect(await account()).toMatchObject({ banned: true })
    // The access token issued before the ban is still signed, but its session ended with the ban:
    // REST refuses it (401 PGRST303, issue 11 item 9) and no tenant data comes back.
    for (const table of ['tenants', 'rental_statements']) {
      const read = await open.client.from(table).select('id')
      expect(read.data, table).toBeNull()
      expect(read.status, table).toBe(401)
      expect(read.error?.code, table).toBe('PGRST303')
    }
    // And the session is gone: it cannot be refreshed.
    const refreshed = await open.client.auth.refreshSession()
    expect(refreshed.error).not.toBeNull()
    const again = await signIn()
    expect(again.error?.code).toBe('user_banned')
    expect(await act('admin', 'deactivate')).toEqual({
      status: 409,
      body: { error: 'This account is already deactivated.' },
    })
    // The tenant's records stay.
    expect(await tenantRow()).toEqual({ user_id: (await account()).id })

    expect((await act('admin', 'reactivate')).status).toBe(200)
    const back = await signIn()
    expect(back.error).toBeNull()
    expect((await back.client.from('tenants').select('id')).data).toHaveLength(1)
    expect((await actions()).map((a) => `${a.action}:${a.status}`)).toEqual([
      'invite:done',
      'resend_invite:done',
      'password_reset:done',
      'reset_two_factor:done',
      'deactivate:done',
      'reactivate:done',
    ])
  })

  it('shows an admin the account as it is, and nobody else', async () => {
    const admin = await as('admin')
    const { data, error } = await admin.rpc('tenant_account', { target_tenant: NEW_TENANT })
    expect(error).toBeNull()
    expect(data).toMatchObject({ email: NEW_EMAIL, banned: false, factors: 0 })
    expect((data as { confirmed_at: string | null }).confirmed_at).not.toBeNull()
    for (const who of ['tenantA', 'adminAal1'] as const) {
      const refused = await (await as(who)).rpc('tenant_account', { target_tenant: NEW_TENANT })
      expect(refused.error?.code).toBe('42501')
    }
  })
})
