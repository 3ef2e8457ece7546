import { formatSaMobile, whatsappGreeting, whatsappHref } from '@genesis/contracts/whatsapp'
import { MessageCircleIcon } from 'lucide-react'
import { cn } from '../../lib/cn'

/**
 * WhatsApp click-to-chat (issue 18, item 3): a `wa.me` link to a normalised South African mobile
 * number, opening the chat with a greeting that names the page the visitor is on.
 */
export function WhatsAppLink({
  number,
  page,
  label,
  className,
}: {
  /** Normalised, '27821234567'. */
  number: string
  /** The page named in the greeting ('Fresh Basket Market page'). */
  page: string
  /** What the link says; the number in local form when not given. */
  label?: string
  className?: string
}) {
  return (
    <a
      href={whatsappHref(number, whatsappGreeting(page))}
      target="_blank"
      rel="noopener noreferrer"
      data-whatsapp={number}
      className={cn('inline-flex items-center gap-2 font-medium text-brand-800 hover:underline', className)}
    >
      <MessageCircleIcon className="size-4 shrink-0 text-green-700" aria-hidden="true" />
      <span>
        {label ?? `WhatsApp ${formatSaMobile(number)}`}
        <span className="sr-only"> (opens WhatsApp in a new tab)</span>
      </span>
    </a>
  )
}
