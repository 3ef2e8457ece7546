-- Issue 11, item 6: the listing rules of a shop live in the database, so a client that skips the
-- forms (REST, supabase-js) cannot store what the forms refuse: a `javascript:` or `data:` website,
-- an address that is not an e-mail address, a logo outside the shop's own folder, a 20 MB
-- description every directory visitor downloads.
--
-- Each rule is a CHECK constraint (the guarantee, also for the service role and the admins), built
-- on one small immutable function per field. A BEFORE trigger runs the same functions first so that
-- a refused write answers with a message naming the field (SQLSTATE 23514, the column in the error's
-- COLUMN field), and turns blank optional fields into null.
--
-- And a tenant's update is an allow-list: the trigger of 20261121000005 listed the columns a tenant
-- may NOT change, so a column added later would have been tenant-writable by default. It now lists
-- the columns a tenant MAY change.

-- ----------------------------------------------------------------------------
-- The rules, one function per field (immutable: CHECK constraints call them)
-- ----------------------------------------------------------------------------

-- An absolute http(s) address: a host without user info (`https://bank.example@evil.example`), no
-- spaces or control characters, at most 2048 characters.
create or replace function private.listing_website_ok(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value is null or (
    char_length(value) <= 2048
    and value ~* '^https?://[^\s/?#@\\]+([/?#][^\s]*)?$'
    and value !~ '[[:cntrl:]]'
  )
$$;

-- The spec's simple e-mail pattern (packages/contracts/src/email.ts: EMAIL_PATTERN), at most 254
-- characters (RFC 5321).
create or replace function private.listing_email_ok(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value is null or (
    char_length(value) <= 254
    and value ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'
    and value !~ '[[:cntrl:]]'
  )
$$;

-- A telephone number as people write it: digits, spaces and + ( ) . - /, at most 40 characters
-- (packages/contracts/src/enquiry.ts: LIMITS.phone), with at least three digits.
create or replace function private.listing_phone_ok(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value is null or (
    char_length(value) <= 40
    and value ~ '^[0-9+(). /-]+$'
    and value ~ '[0-9].*[0-9].*[0-9]'
  )
$$;

-- Trading hours: an object of weekday (monday … sunday) to hours text (at most 60 characters, one
-- line) or null (packages/contracts/src/opening-hours.ts).
create or replace function private.listing_hours_ok(value jsonb) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select jsonb_typeof(value) = 'object' and not exists (
    select 1 from pg_catalog.jsonb_each(value) as day(key, hours)
    where day.key not in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')
      or pg_catalog.jsonb_typeof(day.hours) not in ('string', 'null')
      or char_length(day.hours #>> '{}') > 60
      or (day.hours #>> '{}') ~ '[[:cntrl:]]'
  )
$$;

-- A logo is an object of the `shop-logos` bucket inside the shop's own folder (`<shop id>/…`, the
-- folder the storage policies of 20261121000005 let its tenant write): no other shop's folder, no
-- other bucket, no external address, no `.`/`..` or empty segment, at most 512 characters.
create or replace function private.listing_logo_ok(shop_id uuid, value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value is null or (
    char_length(value) <= 512
    and starts_with(value, shop_id::text || '/')
    and value ~ '^[^/]+(/[^/]+)+$'
    and value !~ '(^|/)\.\.?(/|$)'
    and value !~ '[[:cntrl:]\\]'
  )
$$;

-- One line of text: no control characters.
create or replace function private.listing_line_ok(value text, max_length integer) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value is null or (char_length(value) <= max_length and value !~ '[[:cntrl:]]')
$$;

-- A description: at most 2000 characters; line breaks and tabs allowed, no other control character.
create or replace function private.listing_description_ok(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value is null or (
    char_length(value) <= 2000
    and value !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]'
  )
$$;

revoke all on function private.listing_website_ok(text), private.listing_email_ok(text),
  private.listing_phone_ok(text), private.listing_hours_ok(jsonb), private.listing_logo_ok(uuid, text),
  private.listing_line_ok(text, integer), private.listing_description_ok(text) from public;
grant execute on function private.listing_website_ok(text), private.listing_email_ok(text),
  private.listing_phone_ok(text), private.listing_hours_ok(jsonb), private.listing_logo_ok(uuid, text),
  private.listing_line_ok(text, integer), private.listing_description_ok(text)
  to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- The guarantee: CHECK constraints
-- ----------------------------------------------------------------------------
alter table public.shops
  add constraint shops_website_is_http_address check (private.listing_website_ok(website)),
  add constraint shops_email_is_email_address check (private.listing_email_ok(email)),
  add constraint shops_primary_phone_is_phone_number check (private.listing_phone_ok(primary_phone)),
  add constraint shops_trading_hours_are_weekday_hours check (private.listing_hours_ok(trading_hours)),
  add constraint shops_logo_path_in_own_folder check (private.listing_logo_ok(id, logo_path)),
  add constraint shops_description_length check (private.listing_description_ok(description)),
  add constraint shops_shop_no_length check (private.listing_line_ok(shop_no, 20)),
  add constraint shops_trading_name_length check (private.listing_line_ok(trading_name, 120)),
  add constraint shops_floor_length check (private.listing_line_ok(floor, 60));

-- ----------------------------------------------------------------------------
-- Clear messages: the same rules, checked first, naming the field
-- ----------------------------------------------------------------------------
create or replace function private.check_shop_listing() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  field text;
  rule text;
begin
  -- A cleared optional field is null, not '' (the forms send either).
  new.website := nullif(btrim(new.website), '');
  new.email := nullif(btrim(new.email), '');
  new.primary_phone := nullif(btrim(new.primary_phone), '');

  if not private.listing_website_ok(new.website) then
    field := 'website';
    rule := 'an address starting with http:// or https://, without spaces, at most 2048 characters';
  elsif not private.listing_email_ok(new.email) then
    field := 'email';
    rule := 'an e-mail address such as name@example.co.za, at most 254 characters';
  elsif not private.listing_phone_ok(new.primary_phone) then
    field := 'primary_phone';
    rule := 'a telephone number (digits, spaces and + ( ) . - /), at most 40 characters';
  elsif not private.listing_description_ok(new.description) then
    field := 'description';
    rule := 'at most 2000 characters';
  elsif not private.listing_hours_ok(new.trading_hours) then
    field := 'trading_hours';
    rule := 'an object of weekday (monday to sunday) to hours text of at most 60 characters';
  elsif not private.listing_logo_ok(new.id, new.logo_path) then
    field := 'logo_path';
    rule := 'a file of the shop-logos bucket inside the shop''s own folder (' || new.id || '/…)';
  elsif not private.listing_line_ok(new.shop_no, 20) then
    field := 'shop_no';
    rule := 'one line of at most 20 characters';
  elsif not private.listing_line_ok(new.trading_name, 120) then
    field := 'trading_name';
    rule := 'one line of at most 120 characters';
  elsif not private.listing_line_ok(new.floor, 60) then
    field := 'floor';
    rule := 'one line of at most 60 characters';
  end if;

  if field is not null then
    raise exception 'Invalid %: %', field, rule
      using errcode = '23514', column = field, table = 'shops', schema = 'public';
  end if;
  return new;
end
$$;

create trigger shops_check_listing before insert or update on public.shops
  for each row execute function private.check_shop_listing();

-- ----------------------------------------------------------------------------
-- A tenant's update: an allow-list of columns
-- ----------------------------------------------------------------------------
-- The message stays the one clients already show; DETAIL names the refused columns.
create or replace function private.guard_tenant_shop_update() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- What a tenant may change on their own shop's row (updated_at is set by its own trigger).
  allowed constant text[] := array['primary_phone', 'website', 'email', 'description', 'trading_hours',
    'logo_path', 'updated_at'];
  refused text;
begin
  if current_user in ('anon', 'authenticated') and not private.is_admin() then
    select string_agg(changed.key, ', ' order by changed.key) into refused
    from pg_catalog.jsonb_each(to_jsonb(new)) as changed(key, value)
    where changed.key <> all (allowed)
      and changed.value is distinct from (to_jsonb(old) -> changed.key);
    if refused is not null then
      raise exception 'Tenants may only change the phone, website, email, description, trading hours and logo of their shop'
        using errcode = '42501',
              detail = 'Refused: ' || refused || '.',
              hint = 'Ask the centre management to change the shop number, name, category, floor, area or publication.';
    end if;
  end if;
  return new;
end
$$;
