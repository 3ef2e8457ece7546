import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Deps } from '../deps.ts'
import { putObject } from '../services/storage/objects.ts'

/**
 * The demo content's imagery (issue 15 §2): an original logo for every demo store and a floor-plan
 * thumbnail for every demo vacant unit, drawn by scripts/generate-demo-imagery.ts and committed
 * under supabase/seed/images. Stored at seeding through putObject like any upload (rows and blobs
 * in step, the buckets' type and size rules), then linked from the rows that have no image yet.
 */
export const DEMO_IMAGES_DIR = new URL('../../../../supabase/seed/images/', import.meta.url).pathname

/** Cached by browsers for a day: the demo images never change under the same name. */
const CACHE_CONTROL = 'max-age=86400'

const readIfThere = (file: string) => readFile(file).catch(() => undefined)

export async function seedDemoImages(
  deps: Deps,
  dir = DEMO_IMAGES_DIR,
): Promise<{ logos: number; floorPlans: number }> {
  let logos = 0
  let floorPlans = 0
  const { rows: shops } = await deps.db.query<{ id: string; shop_no: string }>(
    'select id, shop_no from public.shops where logo_path is null order by shop_no',
  )
  for (const shop of shops) {
    const bytes = await readIfThere(join(dir, 'shop-logos', `${shop.shop_no}.svg`))
    if (!bytes) continue
    // The shop's own folder, where its tenant may replace it (the listing rules of 20261123110000).
    const name = `${shop.id}/logo.svg`
    await putObject(deps, {
      bucketId: 'shop-logos',
      name,
      bytes: new Uint8Array(bytes),
      contentType: 'image/svg+xml',
      cacheControl: CACHE_CONTROL,
      upsert: true,
    })
    await deps.db.query('update public.shops set logo_path = $1 where id = $2 and logo_path is null', [
      name,
      shop.id,
    ])
    logos += 1
  }
  const { rows: units } = await deps.db.query<{ id: string; unit_number: string }>(
    'select id, unit_number from public.vacant_shops where floor_plan_path is null order by unit_number',
  )
  for (const unit of units) {
    const bytes = await readIfThere(join(dir, 'floor-plans', `${unit.unit_number}.webp`))
    if (!bytes) continue
    const name = `${unit.id}/floor-plan.webp`
    await putObject(deps, {
      bucketId: 'floor-plans',
      name,
      bytes: new Uint8Array(bytes),
      contentType: 'image/webp',
      cacheControl: CACHE_CONTROL,
      upsert: true,
    })
    await deps.db.query(
      'update public.vacant_shops set floor_plan_path = $1 where id = $2 and floor_plan_path is null',
      [name, unit.id],
    )
    floorPlans += 1
  }
  return { logos, floorPlans }
}
