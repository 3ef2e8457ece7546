import '../../../testing/setup'
import { PASSWORDS_DO_NOT_MATCH } from '@genesis/contracts/auth'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeBackend, json } from '../../../testing/fake-backend'
import { renderWithProviders } from '../../../testing/render'
import { storeTestSession, TEST_USERS, testSession } from '../../../testing/session'
import { ChangePasswordForm } from './change-password-form'
import { SetNewPasswordForm } from './set-new-password-form'

const userAnswer = () =>
  json({
    id: TEST_USERS.tenantA.id,
    aud: 'authenticated',
    email: TEST_USERS.tenantA.email,
    app_metadata: {},
    user_metadata: {},
  })

async function typePasswords(first: string, second: string) {
  await userEvent.type(screen.getByLabelText(/^New password/), first)
  await userEvent.type(screen.getByLabelText(/^Type it again/), second)
}

describe('choosing a new password (recovery screen and account settings share the fields)', () => {
  it('the recovery screen refuses two different passwords without calling the server, keeping both', async () => {
    storeTestSession(testSession('tenantA'))
    const fetch = fakeBackend()
    const onDone = vi.fn()
    renderWithProviders(<SetNewPasswordForm onDone={onDone} />)
    await typePasswords('Sunrise-market-42', 'Sunrise-market-43')
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Type it again/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Sunrise-market-42')
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/auth/v1/user'))).toBe(false)
    expect(onDone).not.toHaveBeenCalled()
  })

  it('the recovery screen sends the password once both match, then is done', async () => {
    storeTestSession(testSession('tenantA'))
    let sent: unknown
    fakeBackend({
      '/auth/v1/user': async (req) => {
        sent = await req.json()
        return userAnswer()
      },
    })
    const onDone = vi.fn()
    renderWithProviders(<SetNewPasswordForm onDone={onDone} />)
    await typePasswords('Sunrise-market-42', 'Sunrise-market-42')
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce())
    expect(sent).toMatchObject({ password: 'Sunrise-market-42' })
  })

  it('account settings ask for the e-mailed code when the server wants it, keeping what was typed', async () => {
    storeTestSession(testSession('tenantA'))
    const calls: string[] = []
    fakeBackend({
      '/auth/v1/user': async (req) => {
        const body = (await req.json()) as { nonce?: string }
        calls.push(body.nonce ? `user with ${body.nonce}` : 'user')
        return body.nonce
          ? userAnswer()
          : json(
              {
                code: 400,
                error_code: 'reauthentication_needed',
                msg: 'Password update requires reauthentication',
              },
              400,
            )
      },
      '/auth/v1/reauthenticate': () => {
        calls.push('reauthenticate')
        return json({})
      },
    })
    renderWithProviders(<ChangePasswordForm />)
    await typePasswords('Sunrise-market-42', 'Sunrise-market-42')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    const code = await screen.findByLabelText(/^Code from the e-mail/)
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Sunrise-market-42')
    await userEvent.type(code, '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument()
    expect(calls).toEqual(['user', 'reauthenticate', 'user with 123456'])
    expect(screen.getByLabelText(/^New password/)).toHaveValue('')
  })
})
