import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { notify } from '../../../components/ui/toasts'
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form'
import { TwoFactorSettings } from '../../../features/auth/components/two-factor-settings'
import { useSession } from '../../../lib/session/session-context'

/** The dashboard's "Account" tab: password, two-factor sign-in and signing out. */
export default function AccountTab() {
  const session = useSession()
  async function signOut(scope: 'local' | 'global') {
    const { error } = await session.signOut(scope)
    if (error) notify.error('Sign-out failed', { description: error.message })
  }
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Two-factor sign-in</CardTitle>
          <CardDescription>
            A code from an app on your phone, asked for each time you sign in.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorSettings userId={session.user?.id} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sign out</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void signOut('local')}>
            Sign out of this device
          </Button>
          <Button variant="outline" onClick={() => void signOut('global')}>
            Sign out of all devices
          </Button>
        </CardContent>
      </Card>
    </>
  )
}
