import type { CreateFunction } from '@genesis/functions/_shared/function-context.ts'
import createNewsletterSubscription from '@genesis/functions/newsletter-subscription/index.ts'
import createResendEnquiryEmail from '@genesis/functions/resend-enquiry-email/index.ts'
import createSendEnquiryEmail from '@genesis/functions/send-enquiry-email/index.ts'

/** How the gateway runs one function (what `supabase/config.toml` says for a hosted project). */
export interface FunctionDefinition {
  create: CreateFunction
  /**
   * Refuse requests without a valid JWT in `Authorization` (Supabase's `verify_jwt`, on by
   * default). The project keys are JWTs, so the anon key passes.
   */
  verifyJwt: boolean
  /** Per client IP, FUNCTIONS_RATE_LIMIT requests per window for methods that change something. */
  rateLimited: boolean
  maxBodyBytes: number
  timeoutMs: number
}

const KIB = 1024
const DEFAULTS = { verifyJwt: true, rateLimited: false, maxBodyBytes: 1024 * KIB, timeoutMs: 60_000 }

/** Every function the gateway serves, by the name in `/functions/v1/<name>`. */
export const FUNCTIONS: ReadonlyMap<string, FunctionDefinition> = new Map(
  Object.entries({
    // Public: the unsubscribe link in every newsletter mail is opened from a mail client, which sends
    // no key at all, so this function cannot require one.
    'newsletter-subscription': {
      ...DEFAULTS,
      create: createNewsletterSubscription,
      verifyJwt: false,
      rateLimited: true,
      maxBodyBytes: 4 * KIB,
      timeoutMs: 30_000,
    },
    // Back office: the function asks the database whether the caller is an admin with the required
    // assurance level before it sends anything.
    'resend-enquiry-email': {
      ...DEFAULTS,
      create: createResendEnquiryEmail,
      maxBodyBytes: 4 * KIB,
      timeoutMs: 30_000,
    },
    // Public forms send the anon key, which is a valid JWT; bots without it are refused early.
    'send-enquiry-email': {
      ...DEFAULTS,
      create: createSendEnquiryEmail,
      rateLimited: true,
      maxBodyBytes: 32 * KIB,
      timeoutMs: 30_000,
    },
  }),
)
