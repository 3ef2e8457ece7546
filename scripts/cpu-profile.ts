/** A V8 CPU profile (`Profiler.stop`), as far as the measuring scripts read it. */
export type CallFrame = { functionName: string; url?: string }
export type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] }
export type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }

/**
 * Milliseconds of the samples whose stack holds a frame `matches` accepts (each sample counted
 * once, however many matching frames its stack holds). With `selfBy`, each counted sample's own
 * function (`name file`) gets its time added there.
 */
export function inclusiveMs(
  p: Profile,
  matches: (frame: CallFrame) => boolean,
  selfBy?: Map<string, number>,
): number {
  const parent = new Map<number, number>()
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const inside = new Map<number, boolean>()
  const isInside = (id: number): boolean => {
    const known = inside.get(id)
    if (known !== undefined) return known
    const node = byId.get(id)
    const up = parent.get(id)
    const result = (!!node && matches(node.callFrame)) || (up !== undefined && isInside(up))
    inside.set(id, result)
    return result
  }
  const samples = p.samples ?? []
  const deltas = p.timeDeltas ?? []
  let us = 0
  for (let i = 0; i < samples.length; i++) {
    if (!isInside(samples[i])) continue
    const sampleUs = deltas[i + 1] ?? 0
    us += sampleUs
    const frame = byId.get(samples[i])?.callFrame
    if (selfBy && frame) {
      const key = `${frame.functionName || '(anonymous)'} ${frame.url?.split('/').pop() ?? ''}`
      selfBy.set(key, (selfBy.get(key) ?? 0) + sampleUs / 1000)
    }
  }
  return us / 1000
}
