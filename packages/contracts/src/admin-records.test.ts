import { describe, expect, it } from 'vitest'
import { NO_HOURS, ShopFormSchema, TenantFormSchema, VacantShopFormSchema } from './admin-records'

const shop = {
  shop_no: ' G20 ',
  trading_name: 'Corner Books',
  category: 'Services',
  floor: 'Ground',
  description: '',
  primary_phone: '',
  whatsapp: '082 123 4567',
  email: 'Hello@CornerBooks.example',
  website: '',
  gla_m2: '85.5',
  trading_hours: { ...NO_HOURS, monday: '09:00 - 17:00' },
  logo_path: null,
  is_published: true,
}

const errorsOf = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]))

describe('the back office record schemas', () => {
  it('turns a shop form into the row REST writes: trimmed, empty text as null, numbers as numbers', () => {
    expect(ShopFormSchema.parse(shop)).toMatchObject({
      shop_no: 'G20',
      primary_phone: null,
      whatsapp: '27821234567',
      website: null,
      email: 'hello@cornerbooks.example',
      gla_m2: 85.5,
      trading_hours: { monday: '09:00 - 17:00', sunday: '' },
    })
  })

  it('names each bad shop field in words an admin understands', () => {
    const result = ShopFormSchema.safeParse({
      ...shop,
      shop_no: '  ',
      category: 'Pets',
      email: 'not-an-address',
      website: 'cornerbooks',
      whatsapp: '011 274 5300',
      gla_m2: '-3',
    })
    expect(errorsOf(result)).toEqual({
      shop_no: 'Shop number is required',
      category: 'Choose a category',
      email: 'Please enter a valid email address',
      website: 'Enter a web address starting with https://',
      whatsapp: 'Enter a South African mobile number, such as 082 123 4567 or +27 82 123 4567',
      gla_m2: 'GLA must be more than 0',
    })
  })

  it('requires a vacant unit size and keeps features one per line', () => {
    const base = {
      unit_number: 'G30',
      size_m2: '',
      status: 'Available Now',
      type: 'Retail',
      floor: '',
      basic_rental_per_sqm: '',
      description: '',
      features: ' Corner \n\n Generator ',
      is_featured: false,
      floor_plan_path: null,
    }
    expect(errorsOf(VacantShopFormSchema.safeParse(base))).toEqual({ size_m2: 'Size is required' })
    expect(VacantShopFormSchema.parse({ ...base, size_m2: '120' })).toMatchObject({
      size_m2: 120,
      basic_rental_per_sqm: null,
      floor: null,
      features: ['Corner', 'Generator'],
    })
  })

  it('refuses a lease that ends before it starts, on the end date field', () => {
    const tenant = {
      company_name: 'Corner Books CC',
      contact_name: '',
      email: 'owner@cornerbooks.example',
      phone: '',
      vat_number: '',
      shop_id: '',
      lease_start: '2027-03-01',
      lease_end: '2027-02-28',
      monthly_rental: '12000',
      deposit: '',
      escalation_percent: '',
      notice_period_months: '',
      status: 'active',
    }
    expect(errorsOf(TenantFormSchema.safeParse(tenant))).toEqual({
      lease_end: 'The lease cannot end before it starts',
    })
    expect(TenantFormSchema.parse({ ...tenant, lease_end: '2030-02-28' })).toMatchObject({
      shop_id: null,
      monthly_rental: 12000,
      deposit: null,
    })
  })

  it('takes the lease escalation in percent and the notice period in whole months, within the database limits', () => {
    const tenant = {
      company_name: 'Corner Books CC',
      contact_name: '',
      email: 'owner@cornerbooks.example',
      phone: '',
      vat_number: '',
      shop_id: '',
      lease_start: '',
      lease_end: '',
      monthly_rental: '',
      deposit: '',
      escalation_percent: '7.5',
      notice_period_months: '3',
      status: 'active',
    }
    expect(TenantFormSchema.parse(tenant)).toMatchObject({ escalation_percent: 7.5, notice_period_months: 3 })
    expect(
      TenantFormSchema.parse({ ...tenant, escalation_percent: '', notice_period_months: '' }),
    ).toMatchObject({
      escalation_percent: null,
      notice_period_months: null,
    })
    expect(
      errorsOf(
        TenantFormSchema.safeParse({ ...tenant, escalation_percent: '120', notice_period_months: '2.5' }),
      ),
    ).toEqual({
      escalation_percent: 'Escalation cannot be more than 100%',
      notice_period_months: 'Notice period must be a whole number of months',
    })
    expect(
      errorsOf(
        TenantFormSchema.safeParse({ ...tenant, escalation_percent: 'eight', notice_period_months: '36' }),
      ),
    ).toEqual({
      escalation_percent: 'Escalation must be a percentage such as 8 or 7.5',
      notice_period_months: 'Notice period cannot be more than 24 months',
    })
  })
})
