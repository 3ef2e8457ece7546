import { useParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import type { AnyForm, AnyRow, RecordKind } from '../../../features/records/api/record-kind'
import { RecordFormPage } from '../../../features/records/components/record-form-page'
import { RecordList } from '../../../features/records/components/record-list'
import { publicHolidaysKind } from '../../../features/records/kinds/public-holidays'
import { type AdminShop, shopsKind } from '../../../features/records/kinds/shops'
import { tenantsKind } from '../../../features/records/kinds/tenants'
import { vacantShopsKind } from '../../../features/records/kinds/vacant-shops'
import { TradingExceptionsEditor } from '../../../features/trading-exceptions/components/trading-exceptions-editor'
import { useRouteTitle } from '../route-title'

/**
 * The list, new and edit pages of Shops, Vacant Shops and Tenants: one generic list and one generic
 * form (features/records), each given its kind of record.
 */
function Meta() {
  const { title, path } = useRouteTitle()
  return (
    <PageMeta title={title} description={`${title} in the Genesis Centre back office.`} path={path} noindex />
  )
}

function ListPage<Row extends AnyRow>({ kind }: { kind: RecordKind<Row, AnyForm> }) {
  return (
    <>
      <Meta />
      <RecordList kind={kind} />
    </>
  )
}

function FormPage<Row extends AnyRow>({ kind }: { kind: RecordKind<Row, AnyForm> }) {
  const { id } = useParams()
  return (
    <>
      <Meta />
      <RecordFormPage key={id ?? 'new'} kind={kind} id={id} />
    </>
  )
}

/** A saved shop's form also sets its closures and special hours (issue 18, item 1). */
const shopsWithTradingDays: RecordKind<AdminShop, AnyForm> = {
  ...shopsKind,
  Extra: ({ row }) => (
    <section
      aria-labelledby="shop-trading-days"
      className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id="shop-trading-days" className="text-lg font-bold text-stone-900">
        Closures and special hours
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-600">
        The store's own trading on given dates, used by its open-now status instead of the usual week.
      </p>
      <TradingExceptionsEditor shopId={row.id} />
    </section>
  ),
}

export const ShopsPage = () => <ListPage kind={shopsKind} />
export const ShopFormPage = () => <FormPage kind={shopsWithTradingDays} />
export const PublicHolidaysPage = () => <ListPage kind={publicHolidaysKind} />
export const PublicHolidayFormPage = () => <FormPage kind={publicHolidaysKind} />
export const VacantShopsPage = () => <ListPage kind={vacantShopsKind} />
export const VacantShopFormPage = () => <FormPage kind={vacantShopsKind} />
export const TenantsPage = () => <ListPage kind={tenantsKind} />
export const TenantFormPage = () => <FormPage kind={tenantsKind} />
