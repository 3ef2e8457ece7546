import { PageMeta } from '../../../components/seo/page-meta'
import { useRouteTitle } from '../route-title'

/** Stand-in for the back office screens until their issue lands; loaded on demand. */
export default function AdminPlaceholder() {
  const { title, path } = useRouteTitle()
  return (
    <div>
      <PageMeta
        title={title}
        description={`${title} of the Genesis Centre back office.`}
        path={path}
        noindex
      />
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">{title}</h1>
      <p className="mt-4 text-stone-700">This section of the back office is not available yet.</p>
    </div>
  )
}
