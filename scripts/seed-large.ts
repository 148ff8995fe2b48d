// npm run seed:large [-- --orders N]; LARGE_DATABASE_URL picks the database (default shop_large).
import postgres from "postgres";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    customers: { type: "string", default: "20000" },
    "guest-people": { type: "string", default: "10000" },
    generations: { type: "string", default: "300000" },
    prompts: { type: "string", default: "1000" },
    years: { type: "string", default: "5" },
  },
});
const N = {
  orders: Number(args.orders),
  customers: Number(args.customers),
  guestPeople: Number(args["guest-people"]),
  generations: Number(args.generations),
  prompts: Number(args.prompts),
  days: Math.round(Number(args.years) * 365),
};

export const LARGE_DATABASE_URL = process.env.LARGE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_large";

const FIRST = [
  "Anna",
  "Ben",
  "Clara",
  "David",
  "Emma",
  "Felix",
  "Greta",
  "Hannah",
  "Jonas",
  "Lena",
  "Max",
  "Mia",
  "Noah",
  "Paul",
  "Sophie",
];
const LAST = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Richter"];
const CITIES = ["Berlin", "Hamburg", "München", "Köln", "Frankfurt", "Leipzig", "Dresden", "Bremen"];
const pick = (list: string[], r: string) => `(array[${list.map((s) => `'${s}'`).join(",")}])[1 + floor(${r} * ${list.length})::int]`;

async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`database name must be [a-z0-9_]+, got "${name}"`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await sql.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await sql.end();
  }
}

async function step(sql: postgres.Sql, label: string, text: string): Promise<void> {
  const started = performance.now();
  const result = await sql.unsafe(text);
  console.log(`  ${label}: ${result.count ?? 0} rows, ${Math.round(performance.now() - started)} ms`);
}

async function main(): Promise<void> {
  const started = performance.now();
  await recreateDatabase(LARGE_DATABASE_URL);
  process.env.DATABASE_URL = LARGE_DATABASE_URL;
  const { openConfiguredDb, migrateAndSeed } = await import("@/lib/bootstrap/database");
  const handle = await openConfiguredDb();
  try {
    await migrateAndSeed(handle);
  } finally {
    await handle.close();
  }
  console.log(`migrated and seeded the catalogue in ${Math.round(performance.now() - started)} ms`);

  const sql = postgres(LARGE_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe("select setseed(0.26)");
    // Row by row the per-customer totals would be recounted a million times: off for the load, rebuilt once after it.
    await sql.unsafe("alter table orders disable trigger customer_stats_orders");
    await sql.unsafe("alter table refunds disable trigger customer_stats_refunds");
    const variants = await sql.unsafe<{ article_id: number; variant_id: number; article: string; variant: string; price: number }[]>(`
      select a.id as article_id, v.id as variant_id, a.name as article, v.name as variant, coalesce(p.sales_total_cents, 1990) as price
      from mug_variants v join articles a on a.id = v.article_id left join article_price_calculations p on p.article_id = a.id
      where v.active order by v.id`);
    if (variants.length === 0) throw new Error("the seed made no mug variants");
    const variantRows = variants
      .map(
        (v, i) =>
          `(${i + 1}, ${v.article_id}, ${v.variant_id}, '${v.article.replace(/'/g, "''")}', '${v.variant.replace(/'/g, "''")}', ${Math.max(990, v.price)})`,
      )
      .join(",");
    await sql.unsafe(`create temp table lv (n int, article_id int, variant_id int, article text, variant text, price int)`);
    await sql.unsafe(`insert into lv values ${variantRows}`);
    const nv = variants.length;
    const passwordHash = "scrypt$seed-large$not-a-usable-hash";

    await step(
      sql,
      "prompts",
      `insert into prompts (title, title_de, category_id, llm_id, style_text, prompt_number, created_at, updated_at)
       select 'Style ' || i, 'Stil ' || i, (select min(id) from prompt_categories), (select min(id) from ai_models),
              'A style number ' || i, 'LG-' || lpad(i::text, 5, '0'), now() - interval '1825 days', now() - interval '1825 days'
       from generate_series(1, ${N.prompts}) i`,
    );
    await sql.unsafe(`create temp table lp as select row_number() over (order by id) as n, id from prompts`);
    const np = N.prompts + Number((await sql.unsafe(`select count(*)::int - ${N.prompts} as c from lp`))[0]?.c ?? 0);

    await step(
      sql,
      "customer accounts",
      `insert into users (email, password_hash, first_name, last_name, roles, email_verified_at, created_at, updated_at)
       select 'customer' || i || '@example.com', '${passwordHash}', ${pick(FIRST, "r1")}, ${pick(LAST, "r2")}, array['customer'], ts, ts, ts
       from (select i, random() r1, random() r2, now() - (1 - sqrt(random())) * interval '${N.days} days' ts
             from generate_series(1, ${N.customers}) i) s order by i`,
    );
    await sql.unsafe(`create temp table la as select row_number() over (order by id) as n, id, email, first_name, last_name
                      from users where email like 'customer%@example.com'`);
    await step(
      sql,
      "saved addresses",
      `insert into addresses (user_id, kind, first_name, last_name, street1, city, postal_code, country_code, is_default)
       select id, 'shipping', first_name, last_name, 'Hauptstraße ' || n, ${pick(CITIES, "random()")}, lpad((10000 + n % 89999)::text, 5, '0'), 'DE', true from la`,
    );

    await sql.unsafe(`create temp table lo as
      select i, now() - (1 - sqrt(random())) * interval '${N.days} days' as ts, random() r_guest, random() r_acct, random() r_status,
             1 + floor(random() * 4)::int as nlines, random() r_refund, random() r_disc, random() r_person
      from generate_series(1, ${N.orders}) i`);
    await sql.unsafe(`alter table lo add column user_id int, add column guest_n int, add column status text, add column paid boolean`);
    await sql.unsafe(
      `update lo set guest_n = g.rn from (select i, row_number() over (order by i) rn from lo where r_guest < 0.25) g where g.i = lo.i`,
    );
    await step(
      sql,
      "guest accounts (one per guest order)",
      `insert into users (email, first_name, last_name, roles, created_at, updated_at)
       select 'guest' || (1 + floor(r_person * ${N.guestPeople})::int) || '@example.org',
              ${pick(FIRST, "r_person")}, ${pick(LAST, "r_acct")}, array['guest'], ts, ts
       from lo where guest_n is not null order by guest_n`,
    );
    await sql.unsafe(`update lo set user_id = g.id from (select id, row_number() over (order by id) rn from users where email like 'guest%@example.org') g
                      where lo.guest_n = g.rn`);
    await sql.unsafe(
      `update lo set user_id = la.id from la where lo.guest_n is null and la.n = 1 + floor(lo.r_acct * ${N.customers})::int`,
    );
    // A paid order stays pending until the admin starts production; a quarter of the last day's orders are unpaid.
    await sql.unsafe(`update lo set status = case
        when r_status < 0.03 then 'cancelled'
        when ts > now() - interval '1 day' then 'pending'
        when ts > now() - interval '4 days' then 'processing'
        when ts > now() - interval '8 days' then 'shipped'
        else 'delivered' end`);
    await sql.unsafe(`update lo set paid = not (status = 'cancelled' or (status = 'pending' and r_status < 0.25))`);

    await step(
      sql,
      "orders",
      `insert into orders (id, order_number, user_id, status, email, first_name, last_name, subtotal_cents, shipping_cents, shipping_vat_percent,
                           tax_cents, total_cents, idempotency_key, locale, withdrawal_waiver_at, paid_at, processed_at, shipped_at, carrier, tracking_number,
                           delivered_at, completed_at, cancelled_at, cancel_reason, created_at, updated_at)
       select md5('order' || lo.i)::uuid, 'MM-' || extract(year from lo.ts at time zone 'Europe/Berlin') || '-' || lpad(lo.i::text, 6, '0'), lo.user_id, lo.status,
              u.email, u.first_name, u.last_name, 0, 0, 19, 0, 0, 'seed-large-' || lo.i, case when lo.r_person < 0.8 then 'de' else 'en' end, lo.ts,
              case when lo.paid then lo.ts + interval '2 minutes' end,
              case when lo.status in ('processing', 'shipped', 'delivered') then lo.ts + interval '1 day' end,
              case when lo.status in ('shipped', 'delivered') then lo.ts + interval '2 days' end,
              case when lo.status in ('shipped', 'delivered') then 'DHL' end,
              case when lo.status in ('shipped', 'delivered') then '00340434' || lpad(lo.i::text, 12, '0') end,
              case when lo.status = 'delivered' then lo.ts + interval '4 days' end,
              case when lo.status in ('shipped', 'delivered') then lo.ts + interval '2 days' end,
              case when lo.status = 'cancelled' then lo.ts + interval '2 days' end,
              case when lo.status = 'cancelled' then 'expired' end,
              lo.ts, lo.ts
       from lo join users u on u.id = lo.user_id`,
    );
    await step(
      sql,
      "order lines",
      `insert into order_items (order_id, article_id, mug_variant_id, prompt_id, article_name, variant_name, colour, quantity, unit_price_cents,
                                vat_percent, total_cents, personalised)
       select md5('order' || lo.i)::uuid, lv.article_id, lv.variant_id, lp.id, lv.article, lv.variant, 'inside #FFFFFF / outside #FFFFFF',
              q.quantity, lv.price, 19, lv.price * q.quantity, true
       from lo cross join lateral generate_series(1, lo.nlines) k
       cross join lateral (select 1 + floor(random() * ${nv})::int as vn, 1 + floor(random() * ${np})::int as pn,
                                  case when random() < 0.2 then 2 else 1 end as quantity, k as k2) q
       join lv on lv.n = q.vn join lp on lp.n = q.pn`,
    );
    await step(
      sql,
      "discount codes",
      `insert into discount_codes (code, kind, percent, valid_from, valid_to, max_uses, used_count)
       select 'SEASON' || y, 'percent', 10, make_date(y, 11, 1), make_date(y + 1, 1, 1), null, 0
       from generate_series(extract(year from now())::int - 5, extract(year from now())::int) y`,
    );
    await sql.unsafe(`update order_items oi set discount_cents = oi.total_cents / 10
      from (select distinct on (order_id) oi2.id from order_items oi2 join lo on md5('order' || lo.i)::uuid = oi2.order_id
            where lo.r_disc < 0.05 order by order_id, oi2.id) f where f.id = oi.id`);
    await step(
      sql,
      "order totals",
      `update orders o set subtotal_cents = s.sub, discount_cents = s.disc,
              discount_code = case when s.disc > 0 then 'SEASON' || extract(year from o.created_at)::int end,
              shipping_cents = case when s.sub - s.disc >= 5000 then 0 else 490 end,
              total_cents = s.sub - s.disc + case when s.sub - s.disc >= 5000 then 0 else 490 end,
              tax_cents = round((s.sub - s.disc + case when s.sub - s.disc >= 5000 then 0 else 490 end) * 19.0 / 119.0)
       from (select order_id, sum(total_cents)::int sub, sum(discount_cents)::int disc from order_items group by order_id) s
       where s.order_id = o.id`,
    );
    await step(
      sql,
      "discount redemptions",
      `insert into discount_redemptions (discount_code_id, order_id, amount_cents, created_at)
       select d.id, o.id, o.discount_cents, o.created_at from orders o join discount_codes d on d.code = o.discount_code where o.discount_cents > 0`,
    );
    await sql.unsafe(
      `update discount_codes d set used_count = (select count(*) from discount_redemptions r where r.discount_code_id = d.id)`,
    );
    await step(
      sql,
      "order addresses",
      `insert into order_addresses (order_id, kind, first_name, last_name, street1, city, postal_code, country_code)
       select o.id, k.kind, o.first_name, o.last_name, 'Hauptstraße ' || (abs(hashtext(o.order_number)) % 200 + 1),
              ${pick(CITIES, "random()")}, lpad((10000 + abs(hashtext(o.email)) % 89999)::text, 5, '0'), 'DE'
       from orders o cross join (values ('shipping'), ('billing')) k(kind) where o.idempotency_key like 'seed-large-%'`,
    );
    await step(
      sql,
      "payments",
      `insert into payments (order_id, provider, provider_payment_id, status, amount_cents, idempotency_key, created_at, updated_at)
       select o.id, 'stripe', 'pi_seed_' || lo.i,
              case when lo.paid then 'succeeded' when lo.status = 'cancelled' then 'cancelled' else 'requires_payment' end,
              o.total_cents, 'seed-large-pay-' || lo.i, lo.ts + interval '2 minutes', lo.ts + interval '2 minutes'
       from lo join orders o on o.id = md5('order' || lo.i)::uuid`,
    );
    await step(
      sql,
      "refunds",
      `insert into refunds (order_id, payment_id, amount_cents, reason, status, provider_refund_id, idempotency_key, source, created_at, updated_at)
       select p.order_id, p.id, case when lo.r_refund < 0.015 then p.amount_cents else greatest(1, p.amount_cents / 3) end,
              'customer request', case when lo.r_refund < 0.03 then 'succeeded' else 'failed' end,
              're_seed_' || lo.i, 'seed-large-refund-' || lo.i, 'admin', lo.ts + interval '10 days', lo.ts + interval '10 days'
       from lo join payments p on p.order_id = md5('order' || lo.i)::uuid
       where lo.paid and lo.r_refund < 0.032 and lo.ts < now() - interval '10 days'`,
    );
    await sql.unsafe(`update payments p set refunded_cents = r.sum, status = case when r.sum = p.amount_cents then 'refunded' else p.status end
      from (select payment_id, sum(amount_cents)::int sum from refunds where status = 'succeeded' group by payment_id) r where r.payment_id = p.id`);
    await step(
      sql,
      "invoices and credit notes",
      `insert into invoices (order_id, kind, number, year, sequence, refund_id, issued_at, delivery_date, net_cents, tax_cents, gross_cents, content, created_at)
       select order_id, kind, 'RE-' || y || '-' || lpad(seq::text, 6, '0'), y, seq, refund_id, issued, issued::date, gross - tax, tax, gross, '{"seed":"large"}', issued
       from (select *, extract(year from issued at time zone 'Europe/Berlin')::int y,
                    row_number() over (partition by extract(year from issued at time zone 'Europe/Berlin') order by issued, kind) seq
             from (select o.id order_id, 'invoice' kind, null::int refund_id, o.created_at + interval '3 minutes' issued, o.total_cents gross, o.tax_cents tax
                   from orders o join lo on md5('order' || lo.i)::uuid = o.id where lo.paid
                   union all
                   select r.order_id, 'credit_note', r.id, r.created_at issued, r.amount_cents, round(r.amount_cents * 19.0 / 119.0)::int
                   from refunds r where r.status = 'succeeded') d) n`,
    );
    await sql.unsafe(`update invoices c set refers_to_invoice_id = i.id from invoices i
                      where c.kind = 'credit_note' and i.kind = 'invoice' and i.order_id = c.order_id`);
    await sql.unsafe(`insert into invoice_counters (year, last_number) select year, max(sequence) from invoices group by year
                      on conflict (year) do update set last_number = excluded.last_number`);
    await step(
      sql,
      "order timeline",
      `insert into order_events (order_id, type, from_status, to_status, actor, data, created_at)
       select o.id, e.type, e.from_status, e.to_status, e.actor, e.data::jsonb, e.happened_at
       from orders o join lo on md5('order' || lo.i)::uuid = o.id
       cross join lateral (values
         ('placed', null, 'pending', 'customer', '{"seed":true}', o.created_at, true),
         ('paid', null, null, 'provider', '{"seed":true}', o.created_at + interval '2 minutes', lo.paid),
         ('invoice_issued', null, null, 'system', '{"seed":true}', o.created_at + interval '3 minutes', lo.paid),
         ('processed', 'pending', 'processing', 'admin', null, o.processed_at, o.processed_at is not null),
         ('shipped', 'processing', 'shipped', 'admin', '{"carrier":"DHL"}', o.shipped_at, o.shipped_at is not null),
         ('delivered', 'shipped', 'delivered', 'system', null, o.delivered_at, o.delivered_at is not null),
         ('expired', 'pending', 'cancelled', 'system', null, o.cancelled_at, o.status = 'cancelled')
       ) e(type, from_status, to_status, actor, data, happened_at, happened) where e.happened`,
    );
    await step(
      sql,
      "refund events, disputes and amount mismatches",
      `insert into order_events (order_id, type, actor, data, created_at)
       select order_id, case when status = 'succeeded' then 'refunded' else 'refund_failed' end, 'admin',
              jsonb_build_object('refundId', id, 'amountCents', amount_cents), created_at from refunds
       union all
       select o.id, case when lo.i % 2 = 0 then 'dispute_opened' else 'amount_mismatch' end, 'provider', '{"seed":true}', o.created_at + interval '5 days'
       from lo join orders o on o.id = md5('order' || lo.i)::uuid where lo.paid and lo.i % 4000 = 0`,
    );
    await step(
      sql,
      "generations",
      `insert into generations (user_id, prompt_id, provider, model, prompt_text, status, started_at, finished_at, duration_ms, cost_micro_cents, error_message)
       select case when r_user < 0.7 then la.id end, lp.id, m.provider, m.model, 'A style', case when r_fail < 0.05 then 'FAILED' else 'SUCCEEDED' end,
              ts, ts + interval '12 seconds', 12000, case when r_fail < 0.05 then 0 else m.cost end,
              case when r_fail < 0.05 then 'provider timeout' end
       from (select i, random() r_user, random() r_fail, 1 + floor(random() * ${N.customers})::int an, 1 + floor(random() * ${np})::int pn,
                    1 + floor(random() * 3)::int mn, now() - (1 - sqrt(random())) * interval '${N.days} days' ts
             from generate_series(1, ${N.generations}) i) g
       join la on la.n = g.an join lp on lp.n = g.pn
       join (values (1, 'openai', 'gpt-image-1', 4200000), (2, 'google', 'gemini-2.5-flash-image', 3900000), (3, 'bfl', 'flux-kontext-pro', 4000000))
         m(n, provider, model, cost) on m.n = g.mn`,
    );
    await step(
      sql,
      "carts",
      `insert into carts (user_id, created_at, updated_at)
       select id, now() - random() * interval '60 days', now() from la where n % 7 = 0`,
    );
    await step(
      sql,
      "cart lines",
      `insert into cart_items (cart_id, article_id, mug_variant_id, prompt_id, quantity, unit_price_cents, vat_percent, created_at, updated_at)
       select c.id, lv.article_id, lv.variant_id, lp.id, 1, lv.price, 19, c.created_at, c.created_at
       from carts c cross join lateral generate_series(1, 1 + (c.id % 2)) k
       cross join lateral (select 1 + floor(random() * ${nv})::int vn, 1 + floor(random() * ${np})::int pn, k k2) q
       join lv on lv.n = q.vn join lp on lp.n = q.pn`,
    );
    await step(
      sql,
      "failed mails",
      `insert into outgoing_mail (\"to\", subject, text, status, error, kind, attempts, created_at)
       select 'customer' || i || '@example.com', 'Your order', 'Thank you', 'failed', '550 mailbox unavailable', 'receipt', 8, now() - i * interval '1 hour'
       from generate_series(1, 40) i`,
    );
    await sql.unsafe("alter table orders enable trigger customer_stats_orders");
    await sql.unsafe("alter table refunds enable trigger customer_stats_refunds");
    await step(sql, "customer totals", "select rebuild_customer_stats()");
    await sql.unsafe(`select setval('order_number_seq', ${N.orders + 1})`);
    await sql.unsafe("analyze");
    const [counts] = await sql.unsafe(`select (select count(*) from orders) orders, (select count(*) from order_items) lines,
      (select count(*) from users) users, (select count(*) from generations) generations, (select count(*) from prompts) prompts,
      (select count(*) from invoices) invoices, (select count(*) from refunds) refunds, (select pg_size_pretty(pg_database_size(current_database()))) size`);
    console.log(`seed:large done in ${Math.round((performance.now() - started) / 1000)} s: ${JSON.stringify(counts)}`);
    console.log(`database: ${LARGE_DATABASE_URL}`);
  } finally {
    await sql.end();
  }
}

main().catch((err: unknown) => {
  console.error("seed:large failed:", err);
  process.exit(1);
});
