import { useId, useState } from 'react'
import { PageMeta } from '../../../components/seo/page-meta'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Field, NativeSelect } from '../../../components/ui/field'
import { paths } from '../../../config/paths'
import { PowerReportForm } from '../../../features/power-status/components/power-report-form'
import { StaleSettingForm } from '../../../features/power-status/components/stale-setting-form'
import { useShopOptions } from '../../../lib/use-shop-options'

/** /admin/power: the centre's power status, any shop's trading state, and when a report goes stale. */
export default function AdminPowerPage() {
  const shops = useShopOptions()
  const [shopId, setShopId] = useState('')
  const shop = shops.data?.find((s) => s.id === shopId)
  const headingId = useId()
  return (
    <>
      <PageMeta
        title={paths.admin.power.title}
        description="The centre's power status and the stores' trading states."
        path={paths.admin.power.getHref()}
        noindex
      />
      <h1 id={headingId} className="text-2xl font-bold text-stone-900">
        {paths.admin.power.title}
      </h1>
      <p className="mt-1 text-stone-600">
        Shown live on the home page, the store directory and every store page. Every report is kept.
      </p>
      <div className="mt-6 space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Centre power</CardTitle>
            <CardDescription>On grid, on generator, partial or off.</CardDescription>
          </CardHeader>
          <CardContent>
            <PowerReportForm shopId={null} heading="Report the centre's power" />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>A store's trading state</CardTitle>
            <CardDescription>Tenants report their own; you can report any store's.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Field label="Store" className="max-w-md">
              {(control) => (
                <NativeSelect {...control} value={shopId} onChange={(e) => setShopId(e.target.value)}>
                  <option value="">Choose a store…</option>
                  {(shops.data ?? []).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.shop_no} {s.trading_name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            {shop && (
              <PowerReportForm
                key={shop.id}
                shopId={shop.id}
                heading={`Report ${shop.trading_name}'s state`}
              />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>When a report goes stale</CardTitle>
            <CardDescription>
              An old report is shown to visitors as not confirmed, never as the current state.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <StaleSettingForm />
          </CardContent>
        </Card>
      </div>
    </>
  )
}
