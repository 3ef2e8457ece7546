import { formatArea } from '@genesis/contracts/area'
import { formatRental, RENTAL_NOTE } from '@genesis/contracts/rental'
import { CheckIcon, LayersIcon, RulerIcon, StarIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Card } from '../../../components/ui/card'
import { publicStorageUrl } from '../../../lib/backend'
import type { VacantShop } from '../api/get-vacant-shops'

/** The spec (docs/product/site.md §4): green 'Available Now' badge when the status says so, otherwise secondary. */
export function statusBadgeVariant(status: string) {
  return status === 'Available Now' ? 'success' : 'secondary'
}

/** One unit to let. `action` is its Enquire Now control, supplied by the page. */
export function VacantShopCard({ unit, action }: { unit: VacantShop; action: ReactNode }) {
  return (
    <Card className="flex flex-col p-6">
      {unit.floor_plan_path && (
        // Below the fold on every screen: loaded when the visitor scrolls near it, never before the page's own paint.
        <img
          src={publicStorageUrl('floor-plans', unit.floor_plan_path)}
          alt={`Floor plan of unit ${unit.unit_number}`}
          width={480}
          height={300}
          loading="lazy"
          decoding="async"
          className="mb-5 aspect-[8/5] w-full rounded-xl border border-stone-200 bg-brand-50 object-cover"
        />
      )}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-sm text-stone-600">{unit.type}</p>
          <h3 className="text-xl font-bold text-stone-900">Unit {unit.unit_number}</h3>
        </div>
        <div className="flex flex-wrap gap-2">
          {unit.is_featured && (
            <Badge variant="accent">
              <StarIcon className="mr-1 size-3" aria-hidden="true" />
              Featured
            </Badge>
          )}
          <Badge variant={statusBadgeVariant(unit.status)}>{unit.status}</Badge>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div className="flex items-center gap-2 text-stone-700">
          <dt>
            <RulerIcon className="size-4 text-brand-700" aria-label="Size" />
          </dt>
          <dd>{formatArea(unit.size_m2)}</dd>
        </div>
        {unit.floor && (
          <div className="flex items-center gap-2 text-stone-700">
            <dt>
              <LayersIcon className="size-4 text-brand-700" aria-label="Floor" />
            </dt>
            <dd>{unit.floor}</dd>
          </div>
        )}
      </dl>
      <div className="mt-4 rounded-xl bg-brand-50 p-4">
        <p className="text-2xl font-extrabold text-brand-800">{formatRental(unit.basic_rental_per_sqm)}</p>
        <p className="text-xs text-stone-600">{RENTAL_NOTE}</p>
      </div>
      {unit.description && <p className="mt-4 text-sm text-stone-700">{unit.description}</p>}
      {unit.features.length > 0 && (
        <ul className="mt-4 space-y-1.5 text-sm text-stone-700">
          {unit.features.map((f) => (
            <li key={f} className="flex items-center gap-2">
              <CheckIcon className="size-4 shrink-0 text-green-700" aria-hidden="true" />
              {f}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-6">{action}</div>
    </Card>
  )
}
