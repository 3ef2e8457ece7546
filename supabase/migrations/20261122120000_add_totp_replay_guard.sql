-- ============================================================================
-- TOTP replay guard: the time step of the last code accepted for a factor, so
-- that a code seen over someone's shoulder cannot be used a second time within
-- its 30-second window (RFC 6238 §5.2).
-- ============================================================================

alter table auth.mfa_factors add column last_verified_time_step bigint;
