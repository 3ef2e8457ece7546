import '../testing/setup'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paths } from '../config/paths'
import { createAppRouter, routerReady, startAppRouter } from './router'

/**
 * The router is built in one start-up task and started in the next (decision 069): building it
 * must not do what starting it does (listen to the history, open sessionStorage, load the first
 * page's code), and started it must end on the page of the address, as createBrowserRouter's did.
 */
describe('createAppRouter and startAppRouter', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    window.history.replaceState(null, '', '/')
  })

  it('builds the router without starting it, then starts it on the page of the address', async () => {
    window.history.replaceState(null, '', '/stores')
    const getItem = vi.spyOn(Storage.prototype, 'getItem')
    const router = createAppRouter()
    expect(router.state.initialized).toBe(false)
    expect(router.state.location.pathname).toBe('/stores')
    expect(getItem).not.toHaveBeenCalled()

    expect(startAppRouter(router)).toBe(router)
    expect(getItem).toHaveBeenCalledWith('remix-router-transitions')
    await routerReady(router)
    expect(router.state.initialized).toBe(true)
    expect(router.state.errors).toBeNull()
    expect(router.state.matches.at(-1)?.route.path).toBe(paths.stores.path)
    router.dispose()
  })

  it('answers an unknown address with the catch-all route, not a router error', async () => {
    window.history.replaceState(null, '', '/no-such-page')
    const router = startAppRouter(createAppRouter())
    await routerReady(router)
    expect(router.state.errors).toBeNull()
    expect(router.state.matches.at(-1)?.route.path).toBe('*')
    router.dispose()
  })
})
