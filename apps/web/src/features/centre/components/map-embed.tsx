import { MapIcon, MapPinIcon, NavigationIcon } from 'lucide-react'
import { useState } from 'react'
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

/**
 * The map card (issue 15, §2): our own street drawing with a pin, the address and Get Directions
 * first; the live map (a third-party frame) loads only when the visitor asks for it, so a visit
 * makes no request to the map provider and the card never shows an empty frame.
 */
export function MapEmbed({ centre, className }: { centre: CentreSettings; className?: string }) {
  const { map_latitude: lat, map_longitude: lon } = centre
  const [live, setLive] = useState(false)
  const hasPoint = lat !== null && lon !== null
  return (
    <div className={className}>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl border border-stone-200 bg-stone-100 sm:aspect-[16/7]">
        {hasPoint && live ? (
          <iframe
            // The button that asked for the map is gone: focus goes to the map, not to the page's top.
            ref={(el) => el?.focus()}
            title={`Map showing ${centre.centre_name}`}
            src={osmEmbedUrl(lat, lon)}
            referrerPolicy="no-referrer"
            className="h-full w-full border-0"
          />
        ) : (
          <>
            <img
              src="/images/map-card.svg"
              alt=""
              width={800}
              height={450}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
            {hasPoint && (
              <button
                type="button"
                onClick={() => setLive(true)}
                className="absolute right-3 bottom-3 inline-flex h-11 items-center gap-2 rounded-lg bg-white/95 px-4 text-sm font-semibold text-stone-900 shadow-md hover:bg-white"
              >
                <MapIcon className="size-4" aria-hidden="true" />
                Show live map
              </button>
            )}
          </>
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
