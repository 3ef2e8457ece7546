import ReactMarkdown from 'react-markdown'

/**
 * Text written in Markdown (the centre's notices), as both the back office's preview and the tenant
 * portal show it: raw HTML is skipped, never rendered, and links open in a new tab without an opener.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-2 text-sm leading-relaxed text-stone-800 [&_a]:text-brand-800 [&_a]:underline [&_h1]:text-lg [&_h1]:font-bold [&_h2]:font-bold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
      <ReactMarkdown
        skipHtml
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noreferrer noopener">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  )
}
