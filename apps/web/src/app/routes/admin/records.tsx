import { useParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import type { AnyForm, AnyRow, RecordKind } from '../../../features/records/api/record-kind'
import { RecordFormPage } from '../../../features/records/components/record-form-page'
import { RecordList } from '../../../features/records/components/record-list'
import { shopsKind } from '../../../features/records/kinds/shops'
import { tenantsKind } from '../../../features/records/kinds/tenants'
import { vacantShopsKind } from '../../../features/records/kinds/vacant-shops'
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

export const ShopsPage = () => <ListPage kind={shopsKind} />
export const ShopFormPage = () => <FormPage kind={shopsKind} />
export const VacantShopsPage = () => <ListPage kind={vacantShopsKind} />
export const VacantShopFormPage = () => <FormPage kind={vacantShopsKind} />
export const TenantsPage = () => <ListPage kind={tenantsKind} />
export const TenantFormPage = () => <FormPage kind={tenantsKind} />
