import { NO_HOURS, type ShopFormInput, ShopFormSchema } from '@genesis/contracts/admin-records'
import { STORE_CATEGORIES } from '@genesis/contracts/store-directory'
import { formatSaMobile } from '@genesis/contracts/whatsapp'
import { z } from 'zod'
import { Switch } from '../../../components/ui/switch'
import { TradingHoursEditor, type WeekHours } from '../../../components/ui/trading-hours-editor'
import { paths } from '../../../config/paths'
import { usePublishShop } from '../api/publish-shop'
import type { RecordKind } from '../api/record-kind'
import { FileUploadField } from '../components/file-upload-field'
import { SelectField, SwitchField, TextAreaField, TextField } from '../components/form-fields'

export const FLOORS = ['Lower Ground', 'Ground', 'Upper Ground', 'Mezzanine', 'First Floor'] as const

const text = z.string().nullable()
const hoursText = z
  .string()
  .nullish()
  .transform((v) => v ?? '')

export const AdminShopSchema = z.object({
  id: z.string(),
  shop_no: z.string(),
  trading_name: z.string(),
  description: z.string(),
  category: z.string(),
  floor: z.string(),
  primary_phone: text,
  website: text,
  email: text,
  whatsapp: text.optional().transform((v) => v ?? null),
  gla_m2: z
    .union([z.number(), z.string()])
    .nullable()
    .transform((v) => (v === null ? null : Number(v))),
  trading_hours: z
    .object({
      monday: hoursText,
      tuesday: hoursText,
      wednesday: hoursText,
      thursday: hoursText,
      friday: hoursText,
      saturday: hoursText,
      sunday: hoursText,
    })
    .catch({ ...NO_HOURS }),
  logo_path: text,
  is_published: z.boolean(),
  updated_at: z.string(),
})
export type AdminShop = z.infer<typeof AdminShopSchema>

/** Publish or hide a shop straight from the list: shown at once, put back with a message if it fails. */
function PublishSwitch({ shop }: { shop: AdminShop }) {
  const publish = usePublishShop()
  const name = `${shop.shop_no} ${shop.trading_name}`
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={shop.is_published}
        aria-label={`Published in the directory: ${name}`}
        disabled={publish.isPending}
        onCheckedChange={(on) =>
          publish.mutate({ id: shop.id, name, updatedAt: shop.updated_at, publish: on })
        }
      />
      <span className="text-xs text-stone-700" aria-hidden="true">
        {shop.is_published ? 'Published' : 'Hidden'}
      </span>
    </div>
  )
}

export const shopsKind: RecordKind<AdminShop, ShopFormInput> = {
  table: 'shops',
  singular: 'shop',
  plural: 'Shops',
  select:
    'id, shop_no, trading_name, description, category, floor, primary_phone, whatsapp, website, email, gla_m2, trading_hours, logo_path, is_published, updated_at',
  parse: (row) => AdminShopSchema.parse(row),
  searchColumns: ['shop_no', 'trading_name', 'category'],
  searchLabel: 'Search by shop number, name or category',
  sorts: ['shop_no', 'trading_name', 'category', 'floor', 'gla_m2', 'updated_at'],
  defaultSort: 'shop_no',
  columns: [
    {
      id: 'shop_no',
      header: 'Shop',
      sortable: true,
      cell: (s) => <span className="font-semibold">{s.shop_no}</span>,
    },
    { id: 'trading_name', header: 'Trading name', sortable: true, cell: (s) => s.trading_name },
    { id: 'category', header: 'Category', sortable: true, cell: (s) => s.category },
    { id: 'floor', header: 'Floor', sortable: true, cell: (s) => s.floor },
    {
      id: 'gla_m2',
      header: 'GLA m²',
      sortable: true,
      className: 'text-right tabular-nums',
      cell: (s) => (s.gla_m2 === null ? '—' : s.gla_m2.toLocaleString('en-ZA')),
    },
    {
      id: 'is_published',
      header: 'Directory',
      cell: (s) => <PublishSwitch shop={s} />,
    },
  ],
  nameOf: (s) => `${s.shop_no} ${s.trading_name}`,
  schema: ShopFormSchema,
  emptyForm: () => ({
    shop_no: '',
    trading_name: '',
    category: '' as ShopFormInput['category'],
    floor: '',
    description: '',
    primary_phone: '',
    whatsapp: '',
    email: '',
    website: '',
    gla_m2: '',
    trading_hours: { ...NO_HOURS },
    logo_path: null,
    is_published: true,
  }),
  toForm: (s) => ({
    shop_no: s.shop_no,
    trading_name: s.trading_name,
    category: s.category as ShopFormInput['category'],
    floor: s.floor,
    description: s.description,
    primary_phone: s.primary_phone ?? '',
    whatsapp: s.whatsapp ? formatSaMobile(s.whatsapp) : '',
    email: s.email ?? '',
    website: s.website ?? '',
    gla_m2: s.gla_m2 === null ? '' : String(s.gla_m2),
    trading_hours: { ...s.trading_hours },
    logo_path: s.logo_path,
    is_published: s.is_published,
  }),
  Fields: (form) => (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField form={form} name="shop_no" label="Shop number" required />
      <TextField form={form} name="trading_name" label="Trading name" required />
      <SelectField
        form={form}
        name="category"
        label="Category"
        options={STORE_CATEGORIES}
        required
        placeholder="Choose…"
      />
      <SelectField form={form} name="floor" label="Floor" options={FLOORS} required placeholder="Choose…" />
      <TextField form={form} name="primary_phone" label="Phone" type="tel" />
      <TextField
        form={form}
        name="whatsapp"
        label="WhatsApp number"
        type="tel"
        hint="A South African mobile number, e.g. 082 123 4567. Visitors can chat from the store page."
      />
      <TextField form={form} name="email" label="E-mail" type="email" />
      <TextField form={form} name="website" label="Website" type="url" hint="Starting with https://" />
      <TextField form={form} name="gla_m2" label="GLA (m²)" inputMode="decimal" />
      <div className="md:col-span-2">
        <TextAreaField form={form} name="description" label="Description" />
      </div>
      <div className="md:col-span-2">
        <TradingHoursEditor
          value={form.values.trading_hours as WeekHours}
          onChange={form.set('trading_hours')}
        />
      </div>
      <FileUploadField
        label="Logo"
        bucket="shop-logos"
        accept="image/png,image/jpeg,image/webp,image/avif,image/svg+xml"
        recordId={form.recordId}
        value={form.values.logo_path ?? null}
        onChange={form.set('logo_path')}
        hint="PNG, JPEG, WebP, AVIF or SVG, up to 2 MB. Shown on the store card."
      />
      <SwitchField
        form={form}
        name="is_published"
        label="Published in the store directory"
        hint="Hidden shops stay here but are not shown to visitors."
      />
    </div>
  ),
  paths: {
    list: () => paths.admin.shops.getHref(),
    create: () => paths.admin.newShop.getHref(),
    edit: (id) => paths.admin.editShop.getHref(id),
  },
  explain: (error, op) => {
    if (error.code === '23505') return 'Another shop already has this shop number.'
    if (op === 'delete' && (error.code === '23503' || error.code === '23001'))
      return 'This shop has a tenant. Move the tenant to another shop or remove them first, then delete the shop.'
    return undefined
  },
}
