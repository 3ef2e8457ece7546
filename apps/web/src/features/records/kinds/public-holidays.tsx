import { formatShortDate } from '@genesis/contracts/open-now'
import {
  type PublicHolidayFormInput,
  PublicHolidayFormSchema,
} from '@genesis/contracts/trading-calendar-forms'
import { z } from 'zod'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../config/paths'
import type { RecordKind } from '../api/record-kind'
import { SwitchField, TextField } from '../components/form-fields'

export const AdminPublicHolidaySchema = z.object({
  id: z.string(),
  holiday_date: z.string(),
  name: z.string(),
  centre_closed: z.boolean(),
  updated_at: z.string(),
})
export type AdminPublicHoliday = z.infer<typeof AdminPublicHolidaySchema>

/**
 * South Africa's public holidays as the open-now rule reads them (issue 18, item 1): on a holiday
 * the stores keep their Sunday hours unless the centre is closed that day. Seeded with 2026 and
 * 2027 (a Sunday holiday's Monday is its own row); an admin adds a declared holiday (an election
 * day) or the next year's.
 */
export const publicHolidaysKind: RecordKind<AdminPublicHoliday, PublicHolidayFormInput> = {
  table: 'public_holidays',
  singular: 'public holiday',
  plural: 'Public Holidays',
  select: 'id, holiday_date, name, centre_closed, updated_at',
  parse: (row) => AdminPublicHolidaySchema.parse(row),
  searchColumns: ['name'],
  searchLabel: 'Search by name',
  sorts: ['holiday_date', 'name', 'updated_at'],
  defaultSort: 'holiday_date',
  columns: [
    {
      id: 'holiday_date',
      header: 'Date',
      sortable: true,
      className: 'tabular-nums whitespace-nowrap',
      cell: (h) => `${formatShortDate(h.holiday_date)} ${h.holiday_date.slice(0, 4)}`,
    },
    {
      id: 'name',
      header: 'Holiday',
      sortable: true,
      cell: (h) => <span className="font-semibold">{h.name}</span>,
    },
    {
      id: 'centre_closed',
      header: 'Trading',
      cell: (h) =>
        h.centre_closed ? <Badge variant="warning">Centre closed</Badge> : <Badge>Sunday hours</Badge>,
    },
  ],
  nameOf: (h) => `${h.name} (${h.holiday_date})`,
  schema: PublicHolidayFormSchema,
  emptyForm: () => ({ holiday_date: '', name: '', centre_closed: false }),
  toForm: (h) => ({ holiday_date: h.holiday_date, name: h.name, centre_closed: h.centre_closed }),
  Fields: (form) => (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField form={form} name="holiday_date" label="Date" type="date" required />
      <TextField
        form={form}
        name="name"
        label="Name"
        required
        hint="e.g. Heritage Day, or Local Government Elections"
      />
      <div className="md:col-span-2">
        <SwitchField
          form={form}
          name="centre_closed"
          label="The centre is closed on this day"
          hint="Otherwise every store keeps its Sunday hours, unless it set its own hours for the date."
        />
      </div>
    </div>
  ),
  paths: {
    list: () => paths.admin.holidays.getHref(),
    create: () => paths.admin.newHoliday.getHref(),
    edit: (id) => paths.admin.editHoliday.getHref(id),
  },
  explain: (error) =>
    error.code === '23505' ? 'There is already a public holiday on this date.' : undefined,
}
