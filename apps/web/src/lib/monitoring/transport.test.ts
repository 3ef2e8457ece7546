import { describe, expect, it, vi } from 'vitest'
import { createTransport } from './transport'

const respond = (status: number) => vi.fn(async () => new Response(null, { status }))

describe('monitoring transport', () => {
  it('POSTs JSON to the endpoint under the configured base', async () => {
    const fetch = respond(204)
    const transport = createTransport({ endpointBase: 'https://gw.test/', fetch })
    expect(await transport.post('/api/monitoring/metrics', { name: 'lcp', value: 1 })).toBe('sent')
    expect(fetch).toHaveBeenCalledWith(
      'https://gw.test/api/monitoring/metrics',
      expect.objectContaining({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"lcp","value":1}',
        keepalive: true,
      }),
    )
  })

  it.each([
    [202, 'sent'],
    [429, 'retry'],
    [503, 'retry'],
    [400, 'rejected'],
    [413, 'rejected'],
  ] as const)('treats status %i as %s', async (status, outcome) => {
    expect(await createTransport({ endpointBase: '', fetch: respond(status) }).post('/x', {})).toBe(outcome)
  })

  it('treats a network failure as worth retrying, without throwing', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await createTransport({ endpointBase: '', fetch }).post('/x', {})).toBe('retry')
  })

  it('sends beacons as a JSON string (text/plain, no preflight) and reports refusal', () => {
    const sendBeacon = vi.fn(() => true)
    const transport = createTransport({ endpointBase: '', sendBeacon })
    expect(transport.beacon('/api/analytics/events', { events: [] })).toBe(true)
    expect(sendBeacon).toHaveBeenCalledWith('/api/analytics/events', '{"events":[]}')
    sendBeacon.mockReturnValue(false)
    expect(transport.beacon('/api/analytics/events', { events: [] })).toBe(false)
  })
})
