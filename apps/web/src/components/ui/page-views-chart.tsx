import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { PageViewsByDay } from '../../lib/use-page-views'

const n = new Intl.NumberFormat('en-ZA')
const day = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** Page views per day as a bar chart (recharts), with the same figures as a table for screen readers. */
export function PageViewsChart({ data }: { data: PageViewsByDay }) {
  const total = data.reduce((sum, d) => sum + d.views, 0)
  const rows = data.map((d) => ({ label: day.format(new Date(`${d.day}T00:00:00Z`)), views: d.views }))
  return (
    <>
      <p className="text-sm text-stone-700">
        {n.format(total)} page views in the last {data.length} days
      </p>
      <figure className="mt-3 h-64" aria-label={`Page views per day, last ${data.length} days`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 11, fill: '#57534e' }}
              interval="preserveStartEnd"
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#57534e' }} />
            <Tooltip cursor={{ fill: '#f5f5f4' }} />
            <Bar dataKey="views" name="Page views" fill="#b45309" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      {/* The same figures as a table for screen readers. */}
      <table className="sr-only">
        <caption>Page views per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Page views</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
