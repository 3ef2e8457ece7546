import { lazy, Suspense, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'

// The dialog (Radix, focus trap, scroll lock) and its form load on the first press, not with the
// leasing page.
const loadDialog = () => import('./unit-enquiry-dialog')
const UnitEnquiryDialog = lazy(loadDialog)

/** Enquire Now for one vacant unit: the button, and the enquiry dialog once it has been opened. */
export function UnitEnquiryButton({
  unitNumber,
  contactEmail,
}: {
  unitNumber: string
  contactEmail: string
}) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={button}
        className="w-full"
        aria-haspopup="dialog"
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        Enquire Now
      </Button>
      {used && (
        <Suspense fallback={null}>
          <UnitEnquiryDialog
            unitNumber={unitNumber}
            contactEmail={contactEmail}
            open={open}
            setOpen={setOpen}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  )
}
