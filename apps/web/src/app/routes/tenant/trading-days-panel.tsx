import { TradingExceptionsEditor } from '../../../features/trading-exceptions/components/trading-exceptions-editor'

/** The "My listing" tab's closures and special hours, loaded with the tab (dashboard.tsx). */
export default function TradingDaysPanel({ shopId }: { shopId: string }) {
  return <TradingExceptionsEditor shopId={shopId} />
}
