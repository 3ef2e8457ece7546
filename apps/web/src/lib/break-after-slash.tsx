import { Fragment, type ReactNode } from 'react'

/** 'R35,000/month' may wrap after the slash on a narrow card, never inside a word. */
export function breakAfterSlash(value: string): ReactNode {
  return value.split('/').map((part, i) =>
    i === 0 ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
      <Fragment key={i}>
        /<wbr />
        {part}
      </Fragment>
    ),
  )
}
