import { CompassIcon } from 'lucide-react'
import { PageMeta } from '../../../components/seo/page-meta'
import { ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../config/paths'

/** Any unknown path (docs/product/site.md §2): noindex, a way home. */
export default function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta
        title="Page not found"
        description="The page you were looking for does not exist."
        path="/404"
        noindex
      />
      <CompassIcon className="size-14 text-brand-700" aria-hidden="true" />
      <p className="mt-6 text-6xl font-extrabold text-stone-900">404</p>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">Oops! Page not found</h1>
      <p className="mt-2 text-stone-600">The page you are looking for may have moved or never existed.</p>
      <ButtonLink to={paths.home.getHref()} className="mt-8">
        Return to Home
      </ButtonLink>
    </section>
  )
}
