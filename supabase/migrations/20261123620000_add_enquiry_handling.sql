-- ============================================================================
-- Enquiries in the back office (issue 13, item 5): an admin marks an enquiry
-- handled with a note; the database records who. What the visitor sent is
-- never changed through the API by anyone but the enquiry function (service
-- role): an admin's update may touch only the handling fields.
-- ============================================================================
alter table public.enquiries
  add column handled_note text,
  add column handled_by uuid references auth.users (id) on delete set null;

create or replace function private.guard_enquiry_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' and current_setting('role', true) <> 'service_role'
     and (new.kind, new.unit_number, new.name, new.email, new.phone, new.company, new.business_type,
          new.enquiry_type, new.message, new.source, new.created_at)
       is distinct from
         (old.kind, old.unit_number, old.name, old.email, old.phone, old.company, old.business_type,
          old.enquiry_type, old.message, old.source, old.created_at) then
    raise exception 'What a visitor sent cannot be changed; only its handling can'
      using errcode = '42501';
  end if;
  if new.handled_at is distinct from old.handled_at then
    new.handled_by := case when new.handled_at is null then null else auth.uid() end;
  end if;
  return new;
end
$$;

create trigger enquiries_guard_update
  before update on public.enquiries
  for each row execute function private.guard_enquiry_update();
