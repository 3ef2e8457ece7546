import { PowerReportForm } from '../../../features/power-status/components/power-report-form'

/**
 * The overview's power and trading status form. Loaded after the overview has drawn: the form and
 * its validation are not what a tenant opening the dashboard reads first.
 */
export default function PowerPanel({ shopId }: { shopId: string }) {
  return <PowerReportForm shopId={shopId} heading="Report your store's state" />
}
