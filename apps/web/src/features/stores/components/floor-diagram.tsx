import type { Shop } from '../api/get-shops'

const W = 320
const ROW = 46
const WALK = 26
const PAD = 8

/**
 * Where a store is (issue 15 §2): a small diagram of its floor, every shop on it as a unit along
 * the walkway in shop-number order, this one marked. Drawn from the directory's own rows (`units`:
 * the shop numbers of the floor, in order, get-store-page.ts), so it follows the data (a new shop
 * appears, a moved one moves) without a drawing to keep up to date.
 */
export function FloorDiagram({ shop, units: onFloor }: { shop: Shop; units: readonly string[] }) {
  const top = onFloor.slice(0, Math.ceil(onFloor.length / 2))
  const bottom = onFloor.slice(top.length)
  const height = PAD * 2 + ROW * 2 + WALK
  const row = (units: readonly string[], y: number) => {
    const width = (W - PAD * 2) / Math.max(units.length, 1)
    return units.map((unit, i) => {
      const here = unit === shop.shopNo
      const x = PAD + i * width
      return (
        <g key={unit}>
          <rect
            x={x + 1.5}
            y={y}
            width={width - 3}
            height={ROW}
            rx={4}
            className={here ? 'fill-brand-700' : 'fill-stone-100 stroke-stone-300'}
            strokeWidth={here ? 0 : 1}
          />
          <text
            x={x + width / 2}
            y={y + ROW / 2 + 4}
            textAnchor="middle"
            className={here ? 'fill-white text-[12px] font-bold' : 'fill-stone-600 text-[10px]'}
          >
            {unit}
          </text>
        </g>
      )
    })
  }
  return (
    <figure>
      <svg
        viewBox={`0 0 ${W} ${height}`}
        role="img"
        aria-label={`Plan of the ${shop.floor} floor with ${onFloor.length} shops; ${shop.tradingName}, shop ${shop.shopNo}, is marked`}
        className="h-auto w-full"
      >
        <rect
          x={0.5}
          y={0.5}
          width={W - 1}
          height={height - 1}
          rx={10}
          className="fill-white stroke-stone-300"
        />
        {row(top, PAD)}
        <rect
          x={PAD}
          y={PAD + ROW + 4}
          width={W - PAD * 2}
          height={WALK - 8}
          rx={4}
          className="fill-brand-50"
        />
        <text
          x={W / 2}
          y={PAD + ROW + WALK / 2 + 4}
          textAnchor="middle"
          className="fill-stone-600 text-[10px] tracking-widest uppercase"
        >
          Walkway
        </text>
        {row(bottom, PAD + ROW + WALK)}
      </svg>
      <figcaption className="mt-2 text-sm text-stone-600">
        {shop.floor} · Shop {shop.shopNo}, marked in orange
      </figcaption>
    </figure>
  )
}
