import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { SignInScreen } from '../../../features/auth/components/sign-in-screen'
import { loadFullStylesheet } from '../../../lib/full-stylesheet'
import { BrandMark } from '../../layout/brand-mark'

/**
 * /admin/login: the shared sign-in screen for centre management. The second factor (and, where
 * two-factor is mandatory, enrolment) is asked for by the admin area's guard on the page the
 * admin lands on.
 */
export default function AdminLoginPage() {
  return (
    <>
      <PageMeta
        title={paths.admin.login.title}
        description="Sign in to the Genesis Centre back office."
        path={paths.admin.login.getHref()}
        noindex
      />
      <SignInScreen area="admin" brand={<BrandMark className="size-10" />} />
    </>
  )
}

/** Every rule of the stylesheet before the first frame, when opened from a public page (decision 049). */
export const ready = loadFullStylesheet
