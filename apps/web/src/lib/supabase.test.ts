import '../testing/setup'
import { describe, expect, it } from 'vitest'
import { fakeBackend, json } from '../testing/fake-backend'
import { publicFunctions, publicRest } from './supabase'

/** The one request the spy saw, as a Request. */
function onlyRequest(spy: ReturnType<typeof fakeBackend>): Request {
  expect(spy).toHaveBeenCalledTimes(1)
  const [input, init] = spy.mock.calls[0]
  return new Request(input, init)
}

describe('public data clients', () => {
  it('read REST with the anon key as apikey and bearer, like supabase-js without a session', async () => {
    const spy = fakeBackend({ '/rest/v1/shops': () => json([]) })
    const { error } = await publicRest().from('shops').select('id').eq('is_published', true)
    expect(error).toBeNull()
    const req = onlyRequest(spy)
    const url = new URL(req.url)
    expect(url.origin + url.pathname).toBe('http://gateway.test/rest/v1/shops')
    expect(url.searchParams.get('is_published')).toBe('eq.true')
    expect(req.headers.get('apikey')).toBe('test-anon-key')
    expect(req.headers.get('authorization')).toBe('Bearer test-anon-key')
  })

  it('invoke functions at /functions/v1/{name} with the same headers and a JSON body', async () => {
    const spy = fakeBackend({ '/functions/v1/newsletter-subscription': () => json({ success: true }) })
    const { data, error } = await publicFunctions().invoke('newsletter-subscription', {
      body: { email: 'a@b.co' },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ success: true })
    const req = onlyRequest(spy)
    expect(req.method).toBe('POST')
    expect(req.headers.get('apikey')).toBe('test-anon-key')
    expect(req.headers.get('authorization')).toBe('Bearer test-anon-key')
    expect(await req.json()).toEqual({ email: 'a@b.co' })
  })

  it('surface a non-2xx function answer as an error carrying the response', async () => {
    fakeBackend({ '/functions/v1/send-enquiry-email': () => json({ error: 'Invalid email' }, 400) })
    const { error } = await publicFunctions().invoke('send-enquiry-email', { body: '{}' })
    expect(error?.context).toBeInstanceOf(Response)
    expect(error?.context.status).toBe(400)
  })
})
