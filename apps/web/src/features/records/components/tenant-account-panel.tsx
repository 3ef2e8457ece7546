import { useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toasts'
import {
  type AccountAction,
  type AccountActionRow,
  type AccountState,
  accountState,
  type TenantAccount,
  useAccountAction,
  useTenantAccount,
} from '../api/tenant-account'

const STATE: Record<AccountState, { label: string; variant: BadgeVariant }> = {
  none: { label: 'No portal account', variant: 'secondary' },
  invited: { label: 'Invited', variant: 'info' },
  active: { label: 'Active', variant: 'success' },
  deactivated: { label: 'Deactivated', variant: 'danger' },
}

const ACTION_LABEL: Record<AccountAction, string> = {
  invite: 'Invite',
  resend_invite: 'Invite resent',
  password_reset: 'Password-reset link',
  reset_two_factor: 'Two-factor reset',
  deactivate: 'Deactivation',
  reactivate: 'Reactivation',
}

/** Actions that take something away from the tenant ask first. */
const CONFIRM: Partial<Record<AccountAction, { title: string; description: string; confirm: string }>> = {
  deactivate: {
    title: 'Deactivate this portal account?',
    description:
      'The tenant is signed out on every device at once and cannot sign in until you reactivate the account. Their statements, requests and other records are kept.',
    confirm: 'Deactivate account',
  },
  reset_two_factor: {
    title: 'Reset two-factor sign-in?',
    description:
      'Their authenticator app will no longer be asked for: the tenant signs in with their password and can set up two-factor sign-in again. Do this only after checking who is asking.',
    confirm: 'Reset two-factor',
  },
}

const dateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'never')

/**
 * The tenant's portal account on their edit page (issue 13, item 4): its state, and the actions
 * that fit it. Each action goes through the `tenant-account` function, where the database decides
 * that the caller may; the outcome is announced and the recent requests are listed.
 */
export function TenantAccountPanel({ tenantId }: { tenantId: string }) {
  const headingId = useId()
  const query = useTenantAccount(tenantId)
  const action = useAccountAction(tenantId)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>()
  const [confirming, setConfirming] = useState<AccountAction>()

  async function run(which: AccountAction) {
    setOutcome(undefined)
    try {
      const message = await action.mutateAsync(which)
      setConfirming(undefined)
      setOutcome({ ok: true, text: message })
      notify.success(message)
    } catch (error) {
      setConfirming(undefined)
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) })
    }
  }

  const ask = (which: AccountAction) => (CONFIRM[which] ? setConfirming(which) : void run(which))

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          Portal account
        </h2>
        {query.data && (
          <Badge variant={STATE[accountState(query.data.account)].variant}>
            {STATE[accountState(query.data.account)].label}
          </Badge>
        )}
      </div>
      {query.isPending ? (
        <div className="mt-4 space-y-3" aria-busy="true">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-10 w-48" />
          <span className="sr-only" role="status">
            Loading the portal account…
          </span>
        </div>
      ) : query.error ? (
        <Alert
          variant="error"
          className="mt-4"
          title="We could not load the portal account."
          action={
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {query.error.message}
        </Alert>
      ) : (
        <>
          <AccountSummary account={query.data.account} />
          {outcome && (
            <Alert
              variant={outcome.ok ? 'success' : 'error'}
              className="mt-4"
              title={outcome.ok ? undefined : 'That did not work.'}
            >
              {outcome.text}
            </Alert>
          )}
          <AccountActions
            account={query.data.account}
            pending={action.isPending ? action.variables : undefined}
            onAction={ask}
          />
          <AccountHistory history={query.data.history} />
        </>
      )}
      <AlertDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && !action.isPending && setConfirming(undefined)}
      >
        {confirming && CONFIRM[confirming] && (
          <AlertDialogContent
            title={CONFIRM[confirming].title}
            description={CONFIRM[confirming].description}
            confirmLabel={action.isPending ? 'Working…' : CONFIRM[confirming].confirm}
            destructive
            pending={action.isPending}
            onConfirm={() => void run(confirming)}
          />
        )}
      </AlertDialog>
    </section>
  )
}

function AccountSummary({ account }: { account: TenantAccount }) {
  const state = accountState(account)
  if (state === 'none') {
    return (
      <div className="mt-3 space-y-2 text-sm text-stone-700">
        <p>
          No portal account yet. An invite e-mail to <strong>{account.email}</strong> lets the tenant choose
          their own password; its link works once and expires after an hour (you can resend it).
        </p>
        {account.tenant_status !== 'active' && (
          <p className="text-amber-900">
            This tenant is marked vacated: mark them active before inviting them.
          </p>
        )}
        {account.email_taken && (
          <p className="text-amber-900">
            Another portal account already uses this e-mail address. Change the tenant's e-mail before
            inviting them.
          </p>
        )}
      </div>
    )
  }
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-medium text-stone-600">Signs in as</dt>
      <dd className="break-all text-stone-900">{account.email}</dd>
      {state === 'invited' ? (
        <>
          <dt className="font-medium text-stone-600">Invite sent</dt>
          <dd className="text-stone-900">
            {when(account.invited_at)}: waiting for the tenant to open the link and choose a password
          </dd>
        </>
      ) : (
        <>
          <dt className="font-medium text-stone-600">Last signed in</dt>
          <dd className="text-stone-900">{when(account.last_sign_in_at)}</dd>
          <dt className="font-medium text-stone-600">Two-factor sign-in</dt>
          <dd className="text-stone-900">{account.factors > 0 ? 'On' : 'Off'}</dd>
        </>
      )}
      {state === 'deactivated' && (
        <>
          <dt className="font-medium text-stone-600">Status</dt>
          <dd className="text-stone-900">Deactivated: the tenant cannot sign in. Their records are kept.</dd>
        </>
      )}
    </dl>
  )
}

function AccountActions({
  account,
  pending,
  onAction,
}: {
  account: TenantAccount
  pending: AccountAction | undefined
  onAction: (action: AccountAction) => void
}) {
  const state = accountState(account)
  const buttons: { action: AccountAction; label: string; variant: 'primary' | 'outline' }[] =
    state === 'none'
      ? [{ action: 'invite', label: 'Send invite', variant: 'primary' }]
      : state === 'invited'
        ? [
            { action: 'resend_invite', label: 'Resend invite', variant: 'primary' },
            { action: 'deactivate', label: 'Deactivate account', variant: 'outline' },
          ]
        : state === 'active'
          ? [
              { action: 'password_reset', label: 'Send password-reset link', variant: 'outline' },
              ...(account.factors > 0
                ? [
                    {
                      action: 'reset_two_factor' as const,
                      label: 'Reset two-factor',
                      variant: 'outline' as const,
                    },
                  ]
                : []),
              { action: 'deactivate', label: 'Deactivate account', variant: 'outline' },
            ]
          : [{ action: 'reactivate', label: 'Reactivate account', variant: 'primary' }]
  const blocked = state === 'none' && (account.tenant_status !== 'active' || account.email_taken)
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {buttons.map((b) => (
        <Button
          key={b.action}
          type="button"
          variant={b.variant}
          disabled={pending !== undefined || blocked}
          onClick={() => onAction(b.action)}
        >
          {pending === b.action && <Spinner />}
          {b.label}
        </Button>
      ))}
    </div>
  )
}

function AccountHistory({ history }: { history: AccountActionRow[] }) {
  if (history.length === 0) return null
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-stone-900">Recent account actions</h3>
      <ul className="mt-2 divide-y divide-stone-100 text-sm">
        {history.map((h) => (
          <li key={h.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
            <span className="font-medium text-stone-900">{ACTION_LABEL[h.action]}</span>
            {h.status === 'failed' ? (
              <Badge variant="danger">Failed</Badge>
            ) : h.status === 'pending' ? (
              <Badge variant="warning">In progress</Badge>
            ) : null}
            <span className="text-stone-600">
              {when(h.requested_at)}
              {h.requested_by_email ? ` by ${h.requested_by_email}` : ''}
            </span>
            {h.status === 'failed' && h.detail && <span className="w-full text-red-800">{h.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
