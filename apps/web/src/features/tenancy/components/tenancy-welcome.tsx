import { StoreIcon } from 'lucide-react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import type { Tenancy } from '../api/get-my-tenancy'
import type { TenancySummary } from '../api/tenancy-summary'

/** The loaded heading's usual height: eyebrow, a company name over two lines and a wrapped shop line on a phone. */
const WELCOME_HEIGHT = 'min-h-38 sm:min-h-24'

/** The dashboard's heading: the tenant's company, and their shop's number, floor and category. */
export function TenancyWelcome({
  tenancy,
  remembered,
  isPending,
  error,
  onRetry,
}: {
  tenancy: Tenancy | null | undefined
  /** The heading as it was on this tenant's last visit, drawn while their record loads again. */
  remembered?: TenancySummary
  isPending: boolean
  error: Error | null
  onRetry: () => void
}) {
  if (isPending && remembered) {
    return (
      <WelcomeHeading
        companyName={remembered.companyName}
        shop={remembered.shop}
        status={remembered.status}
      />
    )
  }
  if (isPending) {
    // The same lines as the loaded heading, in a block as tall as it usually is (a company name and
    // a shop line that wrap on a phone), so the tabs below do not jump when it arrives.
    return (
      <div className={`${WELCOME_HEIGHT} space-y-2`} aria-busy="true">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-8 w-72 max-w-full sm:h-9" />
        <Skeleton className="h-6 w-96 max-w-full" />
        <h1 className="sr-only">Tenant Dashboard</h1>
      </div>
    )
  }
  if (error) {
    return (
      <>
        <h1 className="text-2xl font-bold text-stone-900">Tenant Dashboard</h1>
        <Alert
          variant="error"
          className="mt-4"
          title="We could not load your tenancy."
          action={
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {error.message}
        </Alert>
      </>
    )
  }
  if (!tenancy) {
    return (
      <>
        <h1 className="text-2xl font-bold text-stone-900">Tenant Dashboard</h1>
        <Alert variant="info" className="mt-4" title="Your account is not linked to a tenancy yet.">
          Please ask the centre management on 011 274 5300 to link your portal account to your shop.
        </Alert>
      </>
    )
  }
  return <WelcomeHeading companyName={tenancy.company_name} shop={tenancy.shop} status={tenancy.status} />
}

/** The loaded heading: company, shop line, and a badge once the tenancy has ended. */
export function WelcomeHeading({
  companyName,
  shop,
  status,
}: {
  companyName: string
  shop: Pick<NonNullable<Tenancy['shop']>, 'shop_no' | 'trading_name' | 'floor' | 'category'> | null
  status: string
}) {
  return (
    <div className={`${WELCOME_HEIGHT} flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between`}>
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Welcome back</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{companyName}</h1>
        {shop ? (
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-stone-700">
            <span className="flex items-center gap-2 font-semibold">
              <StoreIcon className="size-5 text-stone-500" aria-hidden="true" />
              {shop.trading_name}
            </span>
            <span>Shop {shop.shop_no}</span>
            <span aria-hidden="true">·</span>
            <span>{shop.floor}</span>
            <Badge variant="accent">{shop.category}</Badge>
          </p>
        ) : (
          <p className="mt-2 text-stone-600">No shop is linked to your tenancy yet.</p>
        )}
      </div>
      {status === 'vacated' && <Badge variant="warning">Tenancy ended</Badge>}
    </div>
  )
}
