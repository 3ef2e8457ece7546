import '../../../testing/setup'
import { SEEDED_CENTRE } from '@genesis/contracts/centre-settings'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../testing/render'
import { MapEmbed } from './map-embed'

describe('the map card', () => {
  it('shows our own map with the address and Get Directions, and loads the live map only on request', async () => {
    renderWithProviders(<MapEmbed centre={SEEDED_CENTRE} />)
    expect(document.querySelector('iframe')).toBeNull()
    expect(screen.getByRole('link', { name: /Get Directions/ })).toHaveAttribute(
      'href',
      expect.stringContaining(`${SEEDED_CENTRE.map_latitude},${SEEDED_CENTRE.map_longitude}`),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Show live map' }))
    const frame = screen.getByTitle(`Map showing ${SEEDED_CENTRE.centre_name}`)
    expect(frame.getAttribute('src')).toContain('openstreetmap.org/export/embed.html')
    expect(frame).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Show live map' })).not.toBeInTheDocument()
  })

  it('offers no live map where the centre has no coordinates', () => {
    renderWithProviders(<MapEmbed centre={{ ...SEEDED_CENTRE, map_latitude: null, map_longitude: null }} />)
    expect(screen.queryByRole('button', { name: 'Show live map' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Get Directions/ })).not.toBeInTheDocument()
  })
})
