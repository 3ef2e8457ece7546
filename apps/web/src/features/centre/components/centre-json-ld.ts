import { toOpeningHoursSpecification } from '@genesis/contracts/opening-hours'
import type { CentreSettings } from '../api/get-centre-settings'

/** schema.org ShoppingCenter for the centre. */
export function shoppingCenterJsonLd(c: CentreSettings, base: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ShoppingCenter',
    '@id': `${base}/#centre`,
    name: c.centre_name,
    description: c.tagline,
    url: `${base}/`,
    image: `${base}/og-image.jpg`,
    telephone: c.phone,
    email: c.general_email || undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: c.address_line,
      addressLocality: c.suburb || c.city,
      addressRegion: c.province,
      postalCode: c.postal_code,
      addressCountry: 'ZA',
    },
    geo:
      c.map_latitude !== null && c.map_longitude !== null
        ? { '@type': 'GeoCoordinates', latitude: c.map_latitude, longitude: c.map_longitude }
        : undefined,
    openingHoursSpecification: toOpeningHoursSpecification(c.centre_hours),
    amenityFeature: c.amenities.map((name) => ({
      '@type': 'LocationFeatureSpecification',
      name,
      value: true,
    })),
  }
}
