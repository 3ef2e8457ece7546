import { CentreContactsSchema, CentreSettingsSchema, SEEDED_CENTRE } from '@genesis/contracts/centre-settings'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

/** docs/product/site.md §1: the centre's facts have one source, the centre_settings row. */
describe.each(drivers)('the centre settings row (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
  })
  afterAll(() => gw?.close())

  it('is what the web app’s first paint assumes, as a visitor reads it over REST', async () => {
    const { data, error } = await gw.client().from('centre_settings').select('*').single()
    expect(error).toBeNull()
    expect(CentreSettingsSchema.parse(data)).toEqual(SEEDED_CENTRE)
  })

  it('gives the e-mails a name and three addresses to write from', async () => {
    const { data } = await gw.client().from('centre_settings').select('*').single()
    expect(CentreContactsSchema.safeParse(data).success).toBe(true)
    expect(CentreContactsSchema.safeParse({ ...data, leasing_email: '' }).success).toBe(false)
  })
})
