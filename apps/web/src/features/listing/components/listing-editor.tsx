import { WEEKDAYS, type Weekday } from '@genesis/contracts/opening-hours'
import { shopListingSchema } from '@genesis/contracts/shop-listing'
import { formatSaMobile } from '@genesis/contracts/whatsapp'
import { type ReactNode, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field, TextArea } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toasts'
import { TradingHoursEditor } from '../../../components/ui/trading-hours-editor'
import { UploadControl } from '../../../components/ui/upload-control'
import { type MyShop, useMyShop, type WeekHours } from '../api/get-my-shop'
import { ListingConflictError, ListingRefusedError, useUpdateMyShop } from '../api/update-my-shop'
import { LOGO_MAX_BYTES, LOGO_TYPES, useUploadShopLogo } from '../api/upload-shop-logo'

/** What the editor holds while the tenant types (text fields as typed; '' means none). */
export interface ListingDraft {
  primary_phone: string
  whatsapp: string
  website: string
  email: string
  description: string
  trading_hours: WeekHours
  logo_path: string | null
}

const draftOf = (shop: MyShop): ListingDraft => ({
  primary_phone: shop.primary_phone ?? '',
  whatsapp: shop.whatsapp ? formatSaMobile(shop.whatsapp) : '',
  website: shop.website ?? '',
  email: shop.email ?? '',
  description: shop.description ?? '',
  trading_hours: shop.trading_hours,
  logo_path: shop.logo_path,
})

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim())

type FieldName = 'primary_phone' | 'whatsapp' | 'website' | 'email' | 'description' | 'logo_path'
interface ListingErrors {
  fields: Partial<Record<FieldName, string>>
  hours: Partial<Record<Weekday, string>>
}
const NO_ERRORS: ListingErrors = { fields: {}, hours: {} }

/** The first message per field (and per day of the hours) of a failed parse. */
function errorsOf(issues: { path: PropertyKey[]; message: string }[]): ListingErrors {
  const out: ListingErrors = { fields: {}, hours: {} }
  for (const issue of issues) {
    const [field, day] = issue.path.map(String)
    if (field === 'trading_hours' && (WEEKDAYS as readonly string[]).includes(day)) {
      out.hours[day as Weekday] ??= issue.message
    } else if (field) {
      out.fields[field as FieldName] ??= issue.message
    }
  }
  return out
}

/** The field a database refusal names ('Invalid website: …', migration 20261123110000). */
function fieldOfRefusal(message: string): FieldName | undefined {
  const m = /^Invalid (primary_phone|whatsapp|website|email|description|logo_path):/.exec(message)
  return m ? (m[1] as FieldName) : undefined
}

/**
 * The tenant's own listing: phone, website, e-mail, description, trading hours per day and logo,
 * with a live preview of the public store card (`preview`, drawn by the page). Saved through REST:
 * the database decides what a tenant may change and refuses with a message naming the field; an
 * edit made meanwhile by management is detected and shown instead of being overwritten.
 */
export function ListingEditor({
  shopId,
  preview,
}: {
  shopId: string
  preview: (shop: MyShop, draft: ListingDraft) => ReactNode
}) {
  const shop = useMyShop(shopId)
  if (shop.isPending) {
    return (
      <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading your listing">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    )
  }
  if (shop.error) {
    return (
      <Alert
        variant="error"
        title="We could not load your listing."
        action={
          <Button variant="outline" size="sm" onClick={() => void shop.refetch()}>
            Try again
          </Button>
        }
      >
        {shop.error.message}
      </Alert>
    )
  }
  return <ListingForm key={shop.data.id} shop={shop.data} preview={preview} />
}

function ListingForm({
  shop,
  preview,
}: {
  shop: MyShop
  preview: (shop: MyShop, draft: ListingDraft) => ReactNode
}) {
  const [draft, setDraft] = useState<ListingDraft>(() => draftOf(shop))
  const [base, setBase] = useState(shop)
  const [refusal, setRefusal] = useState<{ message: string; details?: string }>()
  const [conflict, setConflict] = useState<MyShop>()
  const [hoursKey, setHoursKey] = useState(0)
  const [errors, setErrors] = useState<ListingErrors>(NO_ERRORS)
  const update = useUpdateMyShop()
  const logo = useUploadShopLogo()
  const previewHeading = useId()
  const set =
    <K extends keyof ListingDraft>(key: K) =>
    (value: ListingDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }))

  async function save(event?: React.FormEvent, overwrite?: MyShop) {
    event?.preventDefault()
    setRefusal(undefined)
    const against = overwrite ?? base
    const changes = {
      primary_phone: blankToNull(draft.primary_phone),
      whatsapp: blankToNull(draft.whatsapp),
      website: blankToNull(draft.website),
      email: blankToNull(draft.email),
      description: draft.description.trim(),
      trading_hours: draft.trading_hours,
      logo_path: draft.logo_path,
    }
    // The same rules the database enforces (packages/contracts/src/shop-listing.ts), checked first.
    const checked = shopListingSchema(shop.id).safeParse(changes)
    if (!checked.success) {
      setErrors(errorsOf(checked.error.issues))
      return
    }
    // Stored normalised ('27821234567'), as the database would store it anyway.
    changes.whatsapp = checked.data.whatsapp ?? null
    setErrors(NO_ERRORS)
    try {
      const saved = await update.mutateAsync({
        shopId: shop.id,
        loadedUpdatedAt: against.updated_at,
        changes,
      })
      setBase(saved)
      setConflict(undefined)
      notify.success('Listing saved', { description: 'Your store page shows the change now.' })
    } catch (error) {
      if (error instanceof ListingConflictError) {
        setConflict(error.current)
        return
      }
      if (error instanceof ListingRefusedError) {
        setRefusal({ message: error.message, details: error.details })
        const field = fieldOfRefusal(error.message)
        if (field) setErrors({ fields: { [field]: error.message }, hours: {} })
        return
      }
      setRefusal({ message: error instanceof Error ? error.message : 'The listing could not be saved.' })
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        noValidate
        onSubmit={(e) => void save(e)}
        className="space-y-4"
        aria-label="Your shop's public listing"
      >
        {refusal && (
          <Alert variant="error" title="Your listing was not saved.">
            {refusal.message}
            {refusal.details && <span className="block">{refusal.details}</span>}
          </Alert>
        )}
        {conflict && (
          <Alert
            variant="warning"
            title="The centre management changed your listing while you were editing it."
          >
            <p>Their version:</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="font-semibold">Phone</dt>
              <dd>{conflict.primary_phone ?? '—'}</dd>
              <dt className="font-semibold">Website</dt>
              <dd className="break-all">{conflict.website ?? '—'}</dd>
              <dt className="font-semibold">E-mail</dt>
              <dd className="break-all">{conflict.email ?? '—'}</dd>
              <dt className="font-semibold">Description</dt>
              <dd>{conflict.description || '—'}</dd>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  setDraft(draftOf(conflict))
                  setBase(conflict)
                  setConflict(undefined)
                  setHoursKey((k) => k + 1)
                }}
              >
                Use their version
              </Button>
              <Button type="button" size="sm" onClick={() => void save(undefined, conflict)}>
                Save mine over it
              </Button>
            </div>
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Phone" error={errors.fields.primary_phone}>
            {(control) => (
              <input
                {...control}
                className={`${control.className} h-11`}
                type="tel"
                autoComplete="tel"
                maxLength={40}
                value={draft.primary_phone}
                onChange={(e) => set('primary_phone')(e.target.value)}
              />
            )}
          </Field>
          <Field label="E-mail" error={errors.fields.email}>
            {(control) => (
              <input
                {...control}
                className={`${control.className} h-11`}
                type="email"
                autoComplete="email"
                maxLength={254}
                value={draft.email}
                onChange={(e) => set('email')(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="WhatsApp number" error={errors.fields.whatsapp}>
          {(control) => (
            <>
              <input
                {...control}
                className={`${control.className} h-11`}
                type="tel"
                inputMode="tel"
                placeholder="082 123 4567"
                maxLength={20}
                value={draft.whatsapp}
                onChange={(e) => set('whatsapp')(e.target.value)}
              />
              <p className="text-xs text-stone-600">
                A South African mobile number. Visitors can start a WhatsApp chat from your store page.
              </p>
            </>
          )}
        </Field>
        <Field label="Website" error={errors.fields.website}>
          {(control) => (
            <input
              {...control}
              className={`${control.className} h-11`}
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={2048}
              value={draft.website}
              onChange={(e) => set('website')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Description" error={errors.fields.description}>
          {(control) => (
            <TextArea
              {...control}
              className={`${control.className} min-h-28 py-2`}
              maxLength={2000}
              value={draft.description}
              onChange={(e) => set('description')(e.target.value)}
            />
          )}
        </Field>
        <TradingHoursEditor
          key={hoursKey}
          value={draft.trading_hours}
          onChange={set('trading_hours')}
          errors={errors.hours}
        />
        <UploadControl
          label="Logo"
          hint="PNG, JPG, WebP or AVIF, up to 2 MB. It is shown once you save."
          accept={LOGO_TYPES}
          maxBytes={LOGO_MAX_BYTES}
          buttonLabel="Choose a logo"
          upload={async (file, onProgress) => {
            const { path } = await logo.mutateAsync({ shopId: shop.id, file, onProgress })
            set('logo_path')(path)
          }}
        />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          Save listing
        </Button>
      </form>
      {/* A region of the tab, not a page landmark of its own: it previews what the form holds. */}
      <section aria-labelledby={previewHeading} className="space-y-2">
        <h3 id={previewHeading} className="text-sm font-semibold text-stone-700">
          Preview of your store card
        </h3>
        <p className="text-sm text-stone-600">As the store directory will show it once you save.</p>
        {preview(base, draft)}
      </section>
    </div>
  )
}
