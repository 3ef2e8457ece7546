import { MapPinIcon, NavigationIcon } from 'lucide-react'
import { buttonClasses } from '../../../components/ui/button'
import type { CentreSettings } from '../api/get-centre-settings'
import { fullAddress } from '../api/get-centre-settings'

/** OpenStreetMap's embeddable view around a point, with a marker. */
export function osmEmbedUrl(lat: number, lon: number): string {
  const d = 0.006
  const bbox = [lon - d, lat - d * 0.6, lon + d, lat + d * 0.6].map((n) => n.toFixed(6)).join(',')
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`
}

export function directionsUrl(lat: number, lon: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lon}`
}

/** The map (lazy iframe) with the address and a Get Directions link. */
export function MapEmbed({ centre, className }: { centre: CentreSettings; className?: string }) {
  const { map_latitude: lat, map_longitude: lon } = centre
  return (
    <div className={className}>
      <div className="aspect-[4/3] w-full sm:aspect-[16/7] overflow-hidden rounded-2xl border border-stone-200 bg-stone-100">
        {lat !== null && lon !== null ? (
          <iframe
            title={`Map showing ${centre.centre_name}`}
            src={osmEmbedUrl(lat, lon)}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="h-full w-full border-0"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-stone-500">
            <MapPinIcon className="size-8" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-stone-700">
          <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span>{fullAddress(centre)}</span>
        </p>
        {lat !== null && lon !== null && (
          <a
            href={directionsUrl(lat, lon)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('primary', 'md', 'shrink-0')}
          >
            <NavigationIcon className="size-4" aria-hidden="true" />
            Get Directions
          </a>
        )}
      </div>
    </div>
  )
}
