import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshSchemaCache } from '../../src/services/rest/schema-cache.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

/**
 * Embedding as PostgREST 12/13 resolves it (issue 17, items 1–5 and 10), through supabase-js:
 * computed relationships and fields, hints by constraint and column, self-references, one-to-one,
 * ambiguity and duplicate embeds, relationships through views and spreads.
 */
describe.each(drivers)('REST embedding through supabase-js (%s)', (driver) => {
  let gw: TestGateway
  let service: ReturnType<TestGateway['client']>
  beforeAll(async () => {
    gw = await createTestGateway(driver)
    await gw.db.exec(`
      create table public.embed_clients (id int primary key, name text not null);
      create table public.embed_projects (
        id int primary key,
        name text not null,
        client_id int references public.embed_clients (id),
        reviewer_id int references public.embed_clients (id)
      );
      create table public.embed_project_details (
        project_id int primary key references public.embed_projects (id),
        budget numeric not null
      );
      create table public.embed_badges (
        id int primary key,
        project_id int not null unique references public.embed_projects (id),
        label text not null
      );
      create table public.embed_staff (
        id int primary key,
        name text not null,
        manager_id int references public.embed_staff (id)
      );
      create function public.embed_active_projects(public.embed_clients) returns setof public.embed_projects
        language sql stable as $$ select * from public.embed_projects where client_id = $1.id order by id $$;
      create function public.embed_latest_project(public.embed_clients) returns setof public.embed_projects
        language sql stable rows 1 as $$ select * from public.embed_projects where client_id = $1.id order by id desc limit 1 $$;
      create function public.embed_primary_client(public.embed_projects) returns public.embed_clients
        language sql stable as $$ select * from public.embed_clients where id = $1.client_id $$;
      create function public.embed_label(public.embed_projects) returns text
        language sql immutable as $$ select $1.name || ' #' || $1.id $$;
      create view public.embed_projects_view as select id, name as title, client_id from public.embed_projects;
      create view public.embed_clients_view as select id as client_key, name from public.embed_clients;
      insert into public.embed_clients values (1, 'Acme'), (2, 'Bolt'), (3, 'Crest');
      insert into public.embed_projects values (10, 'Atrium', 1, 2), (11, 'Bridge', 1, null), (12, 'Canopy', 2, 1);
      insert into public.embed_project_details values (10, 1500), (12, 250.5);
      insert into public.embed_badges values (1, 10, 'gold');
      insert into public.embed_staff values (1, 'Nomsa', null), (2, 'Sipho', 1), (3, 'Lerato', 1), (4, 'Themba', 2);
      grant all on all tables in schema public to service_role;
      grant execute on all functions in schema public to service_role;
    `)
    await refreshSchemaCache(gw.db)
    service = gw.client({ key: gw.keys.serviceRoleKey })
  })
  afterAll(() => gw.close())

  describe('computed relationships and fields (item 1)', () => {
    it('embeds a set-returning function of the row as an array', async () => {
      const { data, error } = await service
        .from('embed_clients')
        .select('name, embed_active_projects(name)')
        .order('id')
      expect(error).toBeNull()
      expect(data).toEqual([
        { name: 'Acme', embed_active_projects: [{ name: 'Atrium' }, { name: 'Bridge' }] },
        { name: 'Bolt', embed_active_projects: [{ name: 'Canopy' }] },
        { name: 'Crest', embed_active_projects: [] },
      ])
    })

    it('embeds a function returning one row, or declared rows 1, as an object', async () => {
      const single = await service
        .from('embed_projects')
        .select('name, client:embed_primary_client(name)')
        .order('id')
      expect(single.data).toEqual([
        { name: 'Atrium', client: { name: 'Acme' } },
        { name: 'Bridge', client: { name: 'Acme' } },
        { name: 'Canopy', client: { name: 'Bolt' } },
      ])
      const latest = await service
        .from('embed_clients')
        .select('name, embed_latest_project(name)')
        .eq('id', 1)
        .single()
      expect(latest.data).toEqual({ name: 'Acme', embed_latest_project: { name: 'Bridge' } })
    })

    it('filters and orders through a computed relationship', async () => {
      const { data } = await service
        .from('embed_clients')
        .select('name, embed_active_projects!inner(name)')
        .eq('embed_active_projects.name', 'Canopy')
      expect(data).toEqual([{ name: 'Bolt', embed_active_projects: [{ name: 'Canopy' }] }])
    })

    it('selects, filters and orders by a computed field, which * leaves out', async () => {
      const { data, error } = await service
        .from('embed_projects')
        .select('id, label:embed_label, embed_label')
        .like('embed_label', '*#1*')
        .order('embed_label', { ascending: false })
      expect(error).toBeNull()
      expect(data).toEqual([
        { id: 12, label: 'Canopy #12', embed_label: 'Canopy #12' },
        { id: 11, label: 'Bridge #11', embed_label: 'Bridge #11' },
        { id: 10, label: 'Atrium #10', embed_label: 'Atrium #10' },
      ])
      const star = await service.from('embed_projects').select('*').eq('id', 10).single()
      expect(Object.keys(star.data ?? {})).toEqual(['id', 'name', 'client_id', 'reviewer_id'])
    })

    it('returns computed fields and relationships of written rows', async () => {
      const { data, error } = await service
        .from('embed_projects')
        .insert({ id: 13, name: 'Dome', client_id: 3 })
        .select('id, embed_label, embed_primary_client(name)')
        .rollback()
        .single()
      expect(error).toBeNull()
      expect(data).toEqual({ id: 13, embed_label: 'Dome #13', embed_primary_client: { name: 'Crest' } })
      expect((await service.from('embed_projects').select('id').eq('id', 13)).data).toEqual([])
    })
  })

  describe('hints by constraint and column (item 2)', () => {
    it('embeds by foreign-key constraint name and by foreign-key column, with aliases', async () => {
      const byConstraint = await service
        .from('embed_projects')
        .select('name, embed_projects_client_id_fkey(name)')
        .eq('id', 10)
        .single()
      expect(byConstraint.data).toEqual({ name: 'Atrium', embed_projects_client_id_fkey: { name: 'Acme' } })
      const byColumn = await service
        .from('embed_projects')
        .select('name, client:client_id(name), reviewer:reviewer_id(name)')
        .eq('id', 10)
        .single()
      expect(byColumn.data).toEqual({ name: 'Atrium', client: { name: 'Acme' }, reviewer: { name: 'Bolt' } })
      const plainColumn = await service.from('embed_projects').select('client_id(name)').eq('id', 12).single()
      expect(plainColumn.data).toEqual({ client_id: { name: 'Bolt' } })
    })

    it('disambiguates with a hint naming the constraint or a column on either side', async () => {
      const { data, error } = await service
        .from('embed_clients')
        .select(
          'name, owned:embed_projects!client_id(name), reviewing:embed_projects!embed_projects_reviewer_id_fkey(name)',
        )
        .eq('id', 1)
        .single()
      expect(error).toBeNull()
      expect(data).toEqual({
        name: 'Acme',
        owned: [{ name: 'Atrium' }, { name: 'Bridge' }],
        reviewing: [{ name: 'Canopy' }],
      })
    })
  })

  describe('self-referencing tables (item 3)', () => {
    it('embeds the children by the table name and the parent by the foreign-key column', async () => {
      const { data, error } = await service
        .from('embed_staff')
        .select('name, embed_staff(name), manager:manager_id(name)')
        .order('id')
        .order('id', { referencedTable: 'embed_staff' })
      expect(error).toBeNull()
      expect(data).toEqual([
        { name: 'Nomsa', embed_staff: [{ name: 'Sipho' }, { name: 'Lerato' }], manager: null },
        { name: 'Sipho', embed_staff: [{ name: 'Themba' }], manager: { name: 'Nomsa' } },
        { name: 'Lerato', embed_staff: [], manager: { name: 'Nomsa' } },
        { name: 'Themba', embed_staff: [], manager: { name: 'Sipho' } },
      ])
      const hinted = await service
        .from('embed_staff')
        .select('name, reports:embed_staff!manager_id(name)')
        .eq('id', 2)
        .single()
      expect(hinted.data).toEqual({ name: 'Sipho', reports: [{ name: 'Themba' }] })
    })

    it('answers a hint that names no children’s column with 400 PGRST200', async () => {
      const { status, error } = await service
        .from('embed_staff')
        .select('name, embed_staff!embed_staff_manager_id_fkey(name)')
      expect(status).toBe(400)
      expect(error).toEqual({
        code: 'PGRST200',
        details:
          "Searched for a foreign key relationship between 'embed_staff' and 'embed_staff' using the hint 'embed_staff_manager_id_fkey' in the schema 'public', but no matches were found.",
        hint: null,
        message: "Could not find a relationship between 'embed_staff' and 'embed_staff' in the schema cache",
      })
    })
  })

  describe('one-to-one (item 4)', () => {
    it('embeds a foreign key that is the primary key, or unique, as an object both ways', async () => {
      const { data, error } = await service
        .from('embed_projects')
        .select('name, embed_project_details(budget), embed_badges(label)')
        .order('id')
      expect(error).toBeNull()
      expect(data).toEqual([
        { name: 'Atrium', embed_project_details: { budget: 1500 }, embed_badges: { label: 'gold' } },
        { name: 'Bridge', embed_project_details: null, embed_badges: null },
        { name: 'Canopy', embed_project_details: { budget: 250.5 }, embed_badges: null },
      ])
      const back = await service.from('embed_badges').select('label, embed_projects(name)').single()
      expect(back.data).toEqual({ label: 'gold', embed_projects: { name: 'Atrium' } })
    })

    it('spreads a one-to-one embed into the parent', async () => {
      const { data } = await service
        .from('embed_projects')
        .select('name, ...embed_project_details(budget)')
        .order('id')
      expect(data).toEqual([
        { name: 'Atrium', budget: 1500 },
        { name: 'Bridge', budget: null },
        { name: 'Canopy', budget: 250.5 },
      ])
    })
  })

  describe('ambiguous and duplicate embeds (item 5)', () => {
    it('lists the candidate relationships as PostgREST does (300 PGRST201)', async () => {
      const { status, error } = await service.from('embed_projects').select('*, embed_clients(*)')
      expect(status).toBe(300)
      expect(error).toEqual({
        code: 'PGRST201',
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'embed_projects with embed_clients',
            relationship:
              'embed_projects_client_id_fkey using embed_projects(client_id) and embed_clients(id)',
          },
          {
            cardinality: 'many-to-one',
            embedding: 'embed_projects with embed_clients',
            relationship:
              'embed_projects_reviewer_id_fkey using embed_projects(reviewer_id) and embed_clients(id)',
          },
        ],
        hint: "Try changing 'embed_clients' to one of the following: 'embed_clients!embed_projects_client_id_fkey', 'embed_clients!embed_projects_reviewer_id_fkey'. Find the desired relationship in the 'details' key.",
        message:
          "Could not embed because more than one relationship was found for 'embed_projects' and 'embed_clients'",
      })
    })

    it('refuses the same table embedded twice without aliases (400), and accepts it with aliases', async () => {
      const twice = await service
        .from('embed_projects')
        .select('embed_clients!client_id(name), embed_clients!reviewer_id(name)')
      expect(twice.status).toBe(400)
      expect(twice.error).toMatchObject({
        code: '42712',
        message: 'table name "embed_projects_embed_clients_1" specified more than once',
      })
      const aliased = await service
        .from('embed_projects')
        .select('a:embed_clients!client_id(name), b:embed_clients!reviewer_id(name)')
        .eq('id', 10)
        .single()
      expect(aliased.data).toEqual({ a: { name: 'Acme' }, b: { name: 'Bolt' } })
    })
  })

  describe('relationships through views (item 10)', () => {
    it('embeds a table from a view, a view from a table, and a view from a view', async () => {
      const fromView = await service
        .from('embed_projects_view')
        .select('title, embed_clients(name)')
        .order('id')
      expect(fromView.error).toBeNull()
      expect(fromView.data).toEqual([
        { title: 'Atrium', embed_clients: { name: 'Acme' } },
        { title: 'Bridge', embed_clients: { name: 'Acme' } },
        { title: 'Canopy', embed_clients: { name: 'Bolt' } },
      ])
      const toView = await service
        .from('embed_clients')
        .select('name, embed_projects_view(title)')
        .eq('id', 1)
        .single()
      expect(toView.data).toEqual({
        name: 'Acme',
        embed_projects_view: [{ title: 'Atrium' }, { title: 'Bridge' }],
      })
      const viewToView = await service
        .from('embed_projects_view')
        .select('title, embed_clients_view(name)')
        .eq('id', 12)
        .single()
      expect(viewToView.data).toEqual({ title: 'Canopy', embed_clients_view: { name: 'Bolt' } })
    })

    it('spreads a to-many embed through a view as arrays of values', async () => {
      const { data } = await service
        .from('embed_clients_view')
        .select('name, ...embed_projects_view(titles:title)')
        .order('client_key')
        .order('title', { referencedTable: 'embed_projects_view', ascending: false })
      expect(data).toEqual([
        { name: 'Acme', titles: ['Bridge', 'Atrium'] },
        { name: 'Bolt', titles: ['Canopy'] },
        { name: 'Crest', titles: [] },
      ])
    })
  })
})
