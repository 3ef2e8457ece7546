import { Card } from '../../../components/ui/card'

export interface Stat {
  value: string
  label: string
}

/** A row of big figures. */
export function StatGrid({ stats, tone = 'light' }: { stats: Stat[]; tone?: 'light' | 'dark' }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6">
      {stats.map((s) =>
        tone === 'dark' ? (
          <div key={s.label} className="rounded-2xl bg-white/10 p-5 text-center">
            <dd className="text-2xl font-extrabold text-white sm:text-3xl">{s.value}</dd>
            <dt className="mt-1 text-sm text-stone-200">{s.label}</dt>
          </div>
        ) : (
          <Card key={s.label} className="flex flex-col-reverse p-5 text-center">
            <dt className="mt-1 text-sm text-stone-600">{s.label}</dt>
            <dd className="text-2xl font-extrabold text-brand-800 sm:text-3xl">{s.value}</dd>
          </Card>
        ),
      )}
    </dl>
  )
}
