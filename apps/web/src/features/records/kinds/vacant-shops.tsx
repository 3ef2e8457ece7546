import { type VacantShopFormInput, VacantShopFormSchema } from '@genesis/contracts/admin-records'
import { z } from 'zod'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../config/paths'
import type { RecordKind } from '../api/record-kind'
import { FileUploadField } from '../components/file-upload-field'
import { SelectField, SwitchField, TextAreaField, TextField } from '../components/form-fields'
import { FLOORS } from './shops'

const numeric = z.union([z.number(), z.string()]).transform((v) => Number(v))

export const AdminVacantShopSchema = z.object({
  id: z.string(),
  unit_number: z.string(),
  size_m2: numeric,
  status: z.string(),
  is_featured: z.boolean(),
  type: z.string(),
  basic_rental_per_sqm: numeric.nullable(),
  description: z.string(),
  features: z.array(z.string()),
  floor: z.string().nullable(),
  floor_plan_path: z.string().nullable(),
  updated_at: z.string(),
})
export type AdminVacantShop = z.infer<typeof AdminVacantShopSchema>

const UNIT_TYPES = ['Retail', 'Restaurant', 'Office', 'Kiosk', 'Storage', 'Other'] as const

export const vacantShopsKind: RecordKind<AdminVacantShop, VacantShopFormInput> = {
  table: 'vacant_shops',
  singular: 'vacant unit',
  plural: 'Vacant Shops',
  select:
    'id, unit_number, size_m2, status, is_featured, type, basic_rental_per_sqm, description, features, floor, floor_plan_path, updated_at',
  parse: (row) => AdminVacantShopSchema.parse(row),
  searchColumns: ['unit_number', 'status', 'type'],
  searchLabel: 'Search by unit, status or type',
  sorts: ['unit_number', 'size_m2', 'status', 'type', 'basic_rental_per_sqm', 'updated_at'],
  defaultSort: 'unit_number',
  columns: [
    {
      id: 'unit_number',
      header: 'Unit',
      sortable: true,
      cell: (u) => (
        <span className="flex items-center gap-2 font-semibold">
          {u.unit_number}
          {u.is_featured && <Badge variant="accent">Featured</Badge>}
        </span>
      ),
    },
    {
      id: 'size_m2',
      header: 'Size m²',
      sortable: true,
      className: 'text-right tabular-nums',
      cell: (u) => u.size_m2.toLocaleString('en-ZA'),
    },
    { id: 'type', header: 'Type', sortable: true, cell: (u) => u.type },
    { id: 'status', header: 'Status', sortable: true, cell: (u) => u.status },
    {
      id: 'basic_rental_per_sqm',
      header: 'Rental R/m²',
      sortable: true,
      className: 'text-right tabular-nums',
      cell: (u) => (u.basic_rental_per_sqm === null ? 'POA' : u.basic_rental_per_sqm.toFixed(2)),
    },
  ],
  nameOf: (u) => `unit ${u.unit_number}`,
  schema: VacantShopFormSchema,
  emptyForm: () => ({
    unit_number: '',
    size_m2: '',
    status: 'Available Now',
    type: 'Retail',
    floor: '',
    basic_rental_per_sqm: '',
    description: '',
    features: '',
    is_featured: false,
    floor_plan_path: null,
  }),
  toForm: (u) => ({
    unit_number: u.unit_number,
    size_m2: String(u.size_m2),
    status: u.status,
    type: u.type,
    floor: u.floor ?? '',
    basic_rental_per_sqm: u.basic_rental_per_sqm === null ? '' : String(u.basic_rental_per_sqm),
    description: u.description,
    features: u.features.join('\n'),
    is_featured: u.is_featured,
    floor_plan_path: u.floor_plan_path,
  }),
  Fields: (form) => (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField form={form} name="unit_number" label="Unit number" required />
      <TextField form={form} name="size_m2" label="Size (m²)" inputMode="decimal" required />
      <TextField form={form} name="status" label="Status" required hint="e.g. Available Now, Under Offer" />
      <SelectField form={form} name="type" label="Type" options={UNIT_TYPES} required />
      <SelectField form={form} name="floor" label="Floor" options={FLOORS} placeholder="Not set" />
      <TextField
        form={form}
        name="basic_rental_per_sqm"
        label="Basic rental per m² (R)"
        inputMode="decimal"
        hint="Leave empty to show POA"
      />
      <div className="md:col-span-2">
        <TextAreaField form={form} name="description" label="Description" />
      </div>
      <div className="md:col-span-2">
        <TextAreaField form={form} name="features" label="Features" hint="One feature per line" />
      </div>
      <FileUploadField
        label="Floor plan"
        bucket="floor-plans"
        accept="image/png,image/jpeg,image/webp,image/avif,application/pdf"
        recordId={form.recordId}
        value={form.values.floor_plan_path ?? null}
        onChange={form.set('floor_plan_path')}
        hint="An image or a PDF, up to 10 MB."
      />
      <SwitchField
        form={form}
        name="is_featured"
        label="Featured on the leasing page"
        hint="Featured units are listed first."
      />
    </div>
  ),
  paths: {
    list: () => paths.admin.vacantShops.getHref(),
    create: () => paths.admin.newVacantShop.getHref(),
    edit: (id) => paths.admin.editVacantShop.getHref(id),
  },
  explain: (error) => (error.code === '23505' ? 'Another unit already has this unit number.' : undefined),
}
