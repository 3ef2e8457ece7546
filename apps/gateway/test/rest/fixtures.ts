import { refreshSchemaCache } from '../../src/services/rest/schema-cache.ts'
import type { TestGateway } from '../support/gateway.ts'

/**
 * Test-only tables (created as superuser, outside the migrations) that exercise what the product
 * schema lacks: arrays, ranges, tsvector, jsonb, a many-to-many junction and two foreign keys
 * to the same table. The schema cache is refreshed afterwards, as after a migration.
 */
export async function createRestFixtures(gw: TestGateway): Promise<void> {
  await gw.db.exec(`
    create table public.rest_items (
      id int primary key,
      name text not null,
      qty int,
      price numeric(10, 2),
      tags text[] not null default '{}',
      meta jsonb not null default '{}',
      during int4range,
      doc tsvector,
      note text default 'none',
      created_at timestamptz not null default '2025-01-31 10:00:00+00'
    );
    create table public.rest_labels (id int primary key, name text not null unique);
    create table public.rest_item_labels (
      item_id int not null references public.rest_items (id),
      label_id int not null references public.rest_labels (id),
      primary key (item_id, label_id)
    );
    create table public.rest_parts (
      id int primary key,
      name text not null,
      item_id int references public.rest_items (id),
      spare_for_id int references public.rest_items (id)
    );
    insert into public.rest_items (id, name, qty, price, tags, meta, during, doc, note) values
      (1, 'apple', 10, 1.50, '{fruit,red}', '{"colour":"red","size":{"cm":8}}', '[1,5)', to_tsvector('english', 'crisp red apples'), null),
      (2, 'banana', 20, 0.25, '{fruit,yellow}', '{"colour":"yellow"}', '[5,10)', to_tsvector('english', 'ripe yellow bananas'), 'bunch'),
      (3, 'carrot', null, 0.80, '{vegetable}', '{}', null, to_tsvector('english', 'orange carrots'), 'Café, (ok)'),
      (4, 'dates (dried)', 5, 12.00, '{fruit,dried}', '{"colour":"brown"}', '[20,30)', null, 'a,b');
    insert into public.rest_labels values (1, 'organic'), (2, 'local'), (3, 'imported');
    insert into public.rest_item_labels values (1, 1), (1, 2), (2, 3), (3, 1);
    insert into public.rest_parts values (1, 'stem', 1, 2), (2, 'leaf', 1, null), (3, 'peel', 2, 1);
  `)
  await refreshSchemaCache(gw.db)
}
