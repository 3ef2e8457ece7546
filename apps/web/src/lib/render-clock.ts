/**
 * The time a page is drawn with. A page the gateway rendered is hydrated (decision 040): its
 * first client frame must be the markup the gateway wrote, so every clock on it (open-now chips,
 * power reports' age, what's on) reads the time the gateway rendered with until the page is live,
 * and the visitor's own clock from then on. The gateway sets it for each rendering
 * (`renderRequest`), the app from the served page's marker (main.tsx) until its first commit.
 */
let handedOver: number | undefined

export function setRenderClock(at: number | undefined): void {
  handedOver = at
}

/** Milliseconds since the epoch: the rendering's time while one is being drawn or hydrated, else now. */
export function renderClock(): number {
  return handedOver ?? Date.now()
}
