import type { Shop } from '../api/get-shops'
import type { FloorWindow } from '../api/get-store-page'

const W = 320
const ROW = 46
const WALK = 26
const PAD = 8
/** The width of an end that stands for the units of the floor not drawn. */
const END = 44
const HEIGHT = PAD * 2 + ROW * 2 + WALK

/**
 * Where a store is (issue 15 §2): a small diagram of its floor, the units along the walkway in
 * shop-number order (even places on one side, odd ones opposite), this one marked. Drawn from the
 * directory's own rows (`floor`: the store's neighbours, get-store-page.ts), so it follows the
 * data (a new shop appears, a moved one moves) without a drawing to keep up to date. A floor of a
 * few units is drawn whole; a regional mall's floor of hundreds is drawn as the store and its
 * nearest neighbours, with each end saying how many units lie beyond it (decision 047): the same
 * size and legibility at any scale.
 */
export function FloorDiagram({ shop, floor }: { shop: Shop; floor: FloorWindow }) {
  const { units, before, after } = floor
  const total = before + units.length + after
  const left = PAD + (before > 0 ? END + 4 : 0)
  const right = W - PAD - (after > 0 ? END + 4 : 0)
  const columns = Math.max(Math.ceil(units.length / 2), 1)
  const width = (right - left) / columns
  const walkwayY = PAD + ROW
  return (
    <figure>
      <svg
        viewBox={`0 0 ${W} ${HEIGHT}`}
        role="img"
        aria-label={`Plan of the ${shop.floor} floor with ${total} shops; ${shop.tradingName}, shop ${shop.shopNo}, is marked`}
        className="h-auto w-full"
      >
        <rect
          x={0.5}
          y={0.5}
          width={W - 1}
          height={HEIGHT - 1}
          rx={10}
          className="fill-white stroke-stone-300"
        />
        <rect
          x={PAD}
          y={walkwayY + 4}
          width={W - PAD * 2}
          height={WALK - 8}
          rx={4}
          className="fill-brand-50"
        />
        <text
          x={(left + right) / 2}
          y={walkwayY + WALK / 2 + 4}
          textAnchor="middle"
          className="fill-stone-600 text-[10px] tracking-widest uppercase"
        >
          Walkway
        </text>
        {units.map((unit, i) => {
          const here = unit === shop.shopNo
          const x = left + Math.floor(i / 2) * width
          const y = i % 2 === 0 ? PAD : PAD + ROW + WALK
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
                className={
                  here
                    ? `fill-white font-bold ${unit.length > 4 ? 'text-[11px]' : 'text-[12px]'}`
                    : 'fill-stone-600 text-[10px]'
                }
              >
                {unit}
              </text>
            </g>
          )
        })}
        {before > 0 && <FloorEnd x={PAD} count={before} />}
        {after > 0 && <FloorEnd x={W - PAD - END} count={after} />}
      </svg>
      <figcaption className="mt-2 text-sm text-stone-600">
        {shop.floor} · Shop {shop.shopNo}, marked in orange
        {units.length < total && (
          <>
            {' '}
            among its neighbours, shops {units[0]} to {units[units.length - 1]} of the floor’s {total}
          </>
        )}
      </figcaption>
    </figure>
  )
}

/** One end of a floor drawn in part: the units beyond it, counted. */
function FloorEnd({ x, count }: { x: number; count: number }) {
  return (
    <g>
      <rect
        x={x + 0.5}
        y={PAD + 0.5}
        width={END - 1}
        height={HEIGHT - PAD * 2 - 1}
        rx={6}
        strokeDasharray="4 3"
        className="fill-stone-50 stroke-stone-400"
      />
      <text
        x={x + END / 2}
        y={HEIGHT / 2 - 2}
        textAnchor="middle"
        className="fill-stone-700 text-[12px] font-bold"
      >
        +{count}
      </text>
      <text x={x + END / 2} y={HEIGHT / 2 + 12} textAnchor="middle" className="fill-stone-600 text-[10px]">
        more
      </text>
    </g>
  )
}
