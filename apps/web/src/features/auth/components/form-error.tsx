import { Alert } from '../../../components/ui/alert'
import type { AuthProblem } from '../api/auth-error'

/** The server's answer to a failed auth step, shown plainly with what to do about it. */
export function AuthProblemAlert({ problem, id }: { problem: AuthProblem | undefined; id?: string }) {
  if (!problem) return null
  return (
    <Alert variant="error" id={id} title={problem.message}>
      {problem.hint}
    </Alert>
  )
}
