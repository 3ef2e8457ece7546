import { type TenantFormInput, TenantFormSchema } from '@genesis/contracts/admin-records'
import { z } from 'zod'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../config/paths'
import { useShopOptions } from '../../../lib/use-shop-options'
import type { RecordKind } from '../api/record-kind'
import { runAccountAction } from '../api/tenant-account'
import { type FormBinding, SelectField, TextField } from '../components/form-fields'
import { TenantAccountPanel } from '../components/tenant-account-panel'

const money = z
  .union([z.number(), z.string()])
  .nullable()
  .transform((v) => (v === null ? null : Number(v)))

export const AdminTenantSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  shop_id: z.string().nullable(),
  company_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  vat_number: z.string().nullable(),
  lease_start: z.string().nullable(),
  lease_end: z.string().nullable(),
  monthly_rental: money,
  deposit: money,
  escalation_percent: money,
  notice_period_months: z.number().nullable(),
  status: z.enum(['active', 'vacated']),
  updated_at: z.string(),
  shop: z.object({ shop_no: z.string(), trading_name: z.string() }).nullable(),
})
export type AdminTenant = z.infer<typeof AdminTenantSchema>

const rand = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' })

/** The shops a tenant can be linked to. */
function ShopSelect({ form }: { form: FormBinding<TenantFormInput> }) {
  const shops = useShopOptions()
  return (
    <SelectField
      form={form}
      name="shop_id"
      label="Shop"
      placeholder={shops.isPending ? 'Loading shops…' : shops.error ? 'Shops could not be loaded' : 'No shop'}
      options={(shops.data ?? []).map((s) => ({ value: s.id, label: `${s.shop_no} ${s.trading_name}` }))}
    />
  )
}

export const tenantsKind: RecordKind<AdminTenant, TenantFormInput> = {
  table: 'tenants',
  singular: 'tenant',
  plural: 'Tenants',
  select:
    'id, user_id, shop_id, company_name, contact_name, email, phone, vat_number, lease_start, lease_end, monthly_rental, deposit, escalation_percent, notice_period_months, status, updated_at, shop:shops(shop_no, trading_name)',
  parse: (row) => AdminTenantSchema.parse(row),
  searchColumns: ['company_name', 'contact_name', 'email'],
  searchLabel: 'Search by company, contact or e-mail',
  sorts: ['company_name', 'contact_name', 'lease_end', 'monthly_rental', 'status', 'updated_at'],
  defaultSort: 'company_name',
  columns: [
    {
      id: 'company_name',
      header: 'Company',
      sortable: true,
      cell: (t) => <span className="font-semibold">{t.company_name}</span>,
    },
    { id: 'shop', header: 'Shop', cell: (t) => (t.shop ? `${t.shop.shop_no} ${t.shop.trading_name}` : '—') },
    {
      id: 'contact_name',
      header: 'Contact',
      sortable: true,
      cell: (t) => (
        <span>
          <span className="block">{t.contact_name || '—'}</span>
          <span className="block text-xs text-stone-600">{t.email}</span>
        </span>
      ),
    },
    { id: 'lease_end', header: 'Lease ends', sortable: true, cell: (t) => t.lease_end ?? '—' },
    {
      id: 'monthly_rental',
      header: 'Rental',
      sortable: true,
      className: 'text-right tabular-nums',
      cell: (t) => (t.monthly_rental === null ? '—' : rand.format(t.monthly_rental)),
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (t) =>
        t.status === 'active' ? (
          <Badge variant="success">Active</Badge>
        ) : (
          <Badge variant="secondary">Vacated</Badge>
        ),
    },
  ],
  nameOf: (t) => t.company_name,
  schema: TenantFormSchema,
  emptyForm: () => ({
    company_name: '',
    contact_name: '',
    email: '',
    phone: '',
    vat_number: '',
    shop_id: '',
    lease_start: '',
    lease_end: '',
    monthly_rental: '',
    deposit: '',
    escalation_percent: '',
    notice_period_months: '',
    status: 'active',
  }),
  toForm: (t) => ({
    company_name: t.company_name,
    contact_name: t.contact_name,
    email: t.email,
    phone: t.phone ?? '',
    vat_number: t.vat_number ?? '',
    shop_id: t.shop_id ?? '',
    lease_start: t.lease_start ?? '',
    lease_end: t.lease_end ?? '',
    monthly_rental: t.monthly_rental === null ? '' : String(t.monthly_rental),
    deposit: t.deposit === null ? '' : String(t.deposit),
    escalation_percent: t.escalation_percent === null ? '' : String(t.escalation_percent),
    notice_period_months: t.notice_period_months === null ? '' : String(t.notice_period_months),
    status: t.status,
  }),
  Fields: (form) => (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField form={form} name="company_name" label="Company name" required />
      <TextField form={form} name="contact_name" label="Contact person" />
      <TextField form={form} name="email" label="E-mail" type="email" required />
      <TextField form={form} name="phone" label="Phone" type="tel" />
      <TextField form={form} name="vat_number" label="VAT number" />
      <ShopSelect form={form} />
      <TextField form={form} name="lease_start" label="Lease start" type="date" />
      <TextField form={form} name="lease_end" label="Lease end" type="date" />
      <TextField form={form} name="monthly_rental" label="Monthly rental (R)" inputMode="decimal" />
      <TextField form={form} name="deposit" label="Deposit (R)" inputMode="decimal" />
      <TextField form={form} name="escalation_percent" label="Yearly escalation (%)" inputMode="decimal" />
      <TextField form={form} name="notice_period_months" label="Notice period (months)" inputMode="numeric" />
      <SelectField
        form={form}
        name="status"
        label="Status"
        options={[
          { value: 'active', label: 'Active' },
          { value: 'vacated', label: 'Vacated' },
        ]}
      />
    </div>
  ),
  Extra: ({ row }) => <TenantAccountPanel tenantId={row.id} />,
  afterCreate: {
    label: 'Send an invite to the tenant portal',
    hint: 'Creates their portal account and e-mails them a link to choose their own password (it works once and expires after an hour; you can resend it).',
    run: (saved) => runAccountAction(saved.id, 'invite'),
  },
  paths: {
    list: () => paths.admin.tenants.getHref(),
    create: () => paths.admin.newTenant.getHref(),
    edit: (id) => paths.admin.editTenant.getHref(id),
  },
  explain: (error, op) => {
    if (error.code === '23505') return 'Another tenant already uses this portal account.'
    if (op === 'delete' && (error.code === '23503' || error.code === '23001'))
      return 'This tenant has statements. Mark them vacated instead; statements are financial records and are kept.'
    return undefined
  },
}
