-- ============================================================================
-- Access tokens end with their session (issue 11, item 9). GoTrue puts the
-- session's id into every access token it issues (`session_id`); sign-out
-- (every scope), a ban and a password change delete sessions. The gateway asks
-- this function in the same statement that switches to the caller's role, so a
-- token of a session that no longer exists (or is past its `not_after`) is
-- refused on the very next request, on REST, storage and realtime alike, with
-- no extra round trip and no cache to go stale.
--
-- Tokens without a `session_id` (minted with the JWT secret by the operator,
-- never by sign-in) are not tied to a session; the gateway does not call this
-- for them.
-- ============================================================================

create or replace function private.session_is_live(session_id uuid, subject text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.sessions s
    where s.id = session_id
      and s.user_id::text = subject
      and (s.not_after is null or s.not_after > now())
  )
$$;

revoke all on function private.session_is_live(uuid, text) from public;
grant execute on function private.session_is_live(uuid, text) to anon, authenticated, service_role;
