import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { SignInScreen } from '../../../features/auth/components/sign-in-screen'
import { loadFullStylesheet } from '../../../lib/full-stylesheet'
import { BrandMark } from '../../layout/brand-mark'

/** /tenant/login: sign-in, recovery and the way into the portal (docs/product/site.md §2, docs/product/README.md §4). */
export default function TenantLoginPage() {
  return (
    <>
      <PageMeta
        title={paths.tenant.login.title}
        description="Sign in to the Genesis Centre tenant portal: your shop, lease, statements and listing."
        path={paths.tenant.login.getHref()}
        noindex
      />
      <SignInScreen area="tenant" brand={<BrandMark className="size-10" />} />
    </>
  )
}

/** Every rule of the stylesheet before the first frame, when opened from a public page (decision 049). */
export const ready = loadFullStylesheet
