import { Link } from 'react-router'
import { paths } from '../config/paths'
import { cn } from '../lib/cn'

/**
 * The privacy notice beside a form's submit button (POPIA s18: the person is told, when the
 * information is collected, where to read how it is used). Light text on the dark newsletter band.
 */
export function PrivacyNoticeLink({ inverse = false, className }: { inverse?: boolean; className?: string }) {
  return (
    <p className={cn('text-sm', inverse ? 'text-white' : 'text-stone-600', className)}>
      How we use your information:{' '}
      <Link
        to={paths.privacy.getHref()}
        className={cn('font-medium underline', inverse ? 'text-white' : 'text-brand-800')}
      >
        Privacy Notice
      </Link>
    </p>
  )
}
