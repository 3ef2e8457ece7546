/**
 * The page-view properties of docs/product/site.md §3: page, title, loadTime, userAgent, screenResolution,
 * viewportSize, language, timezone. Pure apart from reading the window it is given.
 */
export interface PageViewProperties {
  [key: string]: string | number | null
  page: string
  title: string
  loadTime: number | null
  userAgent: string
  screenResolution: string
  viewportSize: string
  language: string
  timezone: string
}

/**
 * The visitor's IANA time zone. Temporal answers at once; Intl.DateTimeFormat loads ICU's date
 * formatting data the first time, tens of milliseconds on a phone, so it is only the fallback.
 */
export function currentTimeZone(): string {
  try {
    const temporal: unknown = Reflect.get(globalThis, 'Temporal')
    const now: unknown = typeof temporal === 'object' && temporal ? Reflect.get(temporal, 'Now') : undefined
    const timeZoneId: unknown = typeof now === 'object' && now ? Reflect.get(now, 'timeZoneId') : undefined
    if (typeof timeZoneId === 'function') {
      const zone: unknown = timeZoneId.call(now)
      if (typeof zone === 'string' && zone) return zone
    }
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''
  } catch {
    // Very old engines: leave it blank.
    return ''
  }
}

export function pageViewProperties(
  win: Window,
  page: string,
  loadTime: number | null,
  title: string = win.document.title,
): PageViewProperties {
  const timezone = currentTimeZone()
  return {
    page,
    title,
    loadTime: loadTime === null ? null : Math.max(0, Math.round(loadTime)),
    userAgent: win.navigator.userAgent,
    screenResolution: `${win.screen.width}x${win.screen.height}`,
    viewportSize: `${win.innerWidth}x${win.innerHeight}`,
    language: win.navigator.language,
    timezone,
  }
}

/**
 * Time the first page took to load, from navigation timing: the load event's end when it has
 * happened, otherwise the time since navigation started (the app rendered before load finished).
 */
export function initialLoadTime(win: Window): number {
  try {
    const nav = win.performance.getEntriesByType('navigation')[0]
    const loadEnd = nav ? Reflect.get(nav, 'loadEventEnd') : undefined
    if (typeof loadEnd === 'number' && loadEnd > 0) return loadEnd
    return win.performance.now()
  } catch {
    return 0
  }
}
