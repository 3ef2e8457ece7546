import { Component, lazy, type ReactNode, Suspense } from 'react'
import { useNearViewport } from '../../lib/use-near-viewport'

const Markdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })))

/**
 * Markdown whose renderer (react-markdown and its parser, about 35 KiB compressed) loads after the
 * page has drawn, and only once the text comes within a screen of the viewport, for pages that
 * should not wait for it: the tenant dashboard's notices, below the fold on a phone. Until it
 * arrives, and if it cannot be fetched (a dropped connection), the same text shows as written with
 * its line breaks, so the reader never sees an empty space or loses the message.
 */
export function LazyMarkdown({ text }: { text: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>()
  const plain = <div className="whitespace-pre-line text-sm leading-relaxed text-stone-800">{text}</div>
  return (
    <div ref={ref}>
      {near ? (
        <PlainOnFailure fallback={plain}>
          <Suspense fallback={plain}>
            <Markdown text={text} />
          </Suspense>
        </PlainOnFailure>
      ) : (
        plain
      )}
    </div>
  )
}

class PlainOnFailure extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
