// Prints the todo list time (GET …/FlowBefore/Todo, page 20) with 100,000 tasks in the tables,
// measured through the real app (route, session, permission, the list query and its total, the
// JSON) with app.inject: the figure excludes the network. The seeded flows (样品申领, 请假申请)
// carry 100,000 tasks launched by the demo staff over a year; each waits at one approver node with
// one todo, or has ended with its decisions. The measured user is a store's head with 25,000
// todos pending and 25,000 decided (the worst case for one person), the others share the rest.
// Query kinds: pages 1, 2, 10 and 500, the urgency filter, a keyword, a flow filter.
// Runs on embedded PGlite, and on PostgreSQL too when DATABASE_URL is set. Target (issue 21):
// p95 < 20 ms on PostgreSQL.
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';
import { onEachDatabase } from './databases.mjs';

const { seed } = await tsImport('../../server/db/seed/index.ts', import.meta.url);
const { buildApp } = await tsImport('../../server/app.ts', import.meta.url);
const { runUpkeep } = await tsImport('../../server/plugins/db-maintenance.ts', import.meta.url);
const { hashPassword } = await tsImport('../../src/contracts/password.ts', import.meta.url);
const { workflowPaths } = await tsImport('../../src/contracts/workflow-paths.ts', import.meta.url);
const { CLIENT_ID, CLIENT_SCOPE, CLIENT_SECRET, GRANT_TYPE } = await tsImport('../../src/contracts/limits.ts', import.meta.url);

const TASKS = 100_000;
const WARM = 20;
const RUNS = 300;
const PASSWORD = 'Bench123';
const rowsOf = (res) => res.rows ?? res;

async function fill(db) {
  const q = async (query) => rowsOf(await db.execute(query));
  const flows = await q(sql`select f.id as flow_id, v.id as version_id, f.full_name, v.definition from flow_engines f join flow_versions v on v.flow_id = f.id and v.version = f.published_version order by f.en_code`);
  if (!flows.length) throw new Error('no released flow in the seed');
  // The measured user: the head of a store (a department with a manager and staff).
  const [head] = await q(sql`select u.id, u.account from organizes o join users u on u.id = o.manager_id where o.category = 'department' and o.full_name like '%店' order by o.sort_code limit 1`);
  const staff = (await q(sql`select id, real_name from users where not is_administrator and enabled order by account`)).map((r) => r.id);
  const flowValues = sql.join(
    flows.map((f, i) => {
      const approver = f.definition.graph.nodes.find((n) => n.type === 'approver');
      return sql`(${i}::int, ${f.flow_id}, ${f.version_id}, ${f.full_name}, ${approver.id}, ${approver.name})`;
    }),
    sql`, `,
  );
  const staffArray = sql`(${`{${staff.join(",")}}`}::text[])`;
  // Tasks: a few seconds apart over the past months; 1 in 4 still waiting for the head, 1 in 4
  // decided by the head, the rest with other approvers. Status: waiting tasks 1, the others 2-5.
  await db.execute(sql`
    with f(n, flow_id, version_id, flow_name, node_id, node_name) as (values ${flowValues}),
    g as (select s, (s % ${flows.length}::int) as n, ${staffArray}[1 + (s * 7919) % ${staff.length}::int] as launcher from generate_series(1, ${TASKS}::int) s)
    insert into flow_tasks (id, flow_id, flow_version_id, full_name, urgent, status, launcher_id, form_data, current_node_id, path, search_text, created_at, updated_at, completed_at)
    select '01WFBENCH' || lpad(g.s::text, 17, '0'), f.flow_id, f.version_id, f.flow_name || ' - ' || g.s,
           1 + (g.s % 7 = 0)::int + (g.s % 23 = 0)::int,
           case when g.s % 4 in (0, 2) then 1 else 2 + g.s % 4 end,
           g.launcher, jsonb_build_object('reason', '门店陈列样品 ' || g.s),
           case when g.s % 4 in (0, 2) then f.node_id end, array[f.node_id],
           lower(f.flow_name || ' - ' || g.s || chr(1) || f.flow_name),
           now() - make_interval(secs => g.s * 60), now() - make_interval(secs => g.s * 60),
           case when g.s % 4 in (0, 2) then null else now() - make_interval(secs => g.s * 60 - 30) end
    from g join f on f.n = g.n`);
  // One todo per task: the head's (pending when s % 4 = 0, decided when s % 4 = 1), others' otherwise.
  await db.execute(sql`
    insert into flow_todos (id, task_id, node_id, node_name, user_id, state, opinion, flow_id, urgent, search_text, created_at, handled_at)
    select 'T' || substr(t.id, 2), t.id, t.path[1], '部门主管', case when s % 4 in (0, 1) then ${head.id} else ${staffArray}[1 + (s::bigint * 104729) % ${staff.length}::int] end,
           case when t.status = 1 then 'pending' when t.status = 3 then 'reject' else 'adopt' end, '', t.flow_id, t.urgent, t.search_text, t.created_at,
           case when t.status = 1 then null else t.completed_at end
    from (select *, substr(id, 10)::int as s from flow_tasks where id like '01WFBENCH%') t`);
  return head;
}

async function measure(label, database) {
  await seed(database.db, { adminPassword: PASSWORD, demoData: true });
  const head = await fill(database.db);
  await runUpkeep(database.db);
  const app = await buildApp({ tokenTtlMs: 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' }, database.db);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: `/Permission/Login/login?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}&scope=${CLIENT_SCOPE}&grant_type=${GRANT_TYPE}`,
    payload: { account: head.account, password: hashPassword(PASSWORD) },
  });
  const token = login.json().data.token;
  if (!token) throw new Error(`sign-in of ${head.account} failed: ${login.body}`);
  const flowId = rowsOf(await database.db.execute(sql`select id from flow_engines order by en_code limit 1`))[0].id;
  const kinds = {
    'page 1': 'currentPage=1',
    'page 2': 'currentPage=2',
    'page 10': 'currentPage=10',
    'page 500': 'currentPage=500',
    'urgent filter': 'currentPage=1&urgent=3',
    keyword: () => `currentPage=1&keyword=${encodeURIComponent(String(1000 + Math.floor(Math.random() * 90000)))}`,
    'flow filter': `currentPage=1&flowId=${flowId}`,
  };
  const results = [];
  let total = 0;
  for (const [kind, query] of Object.entries(kinds)) {
    const times = [];
    for (let i = 0; i < WARM + RUNS / 3; i++) {
      const q = typeof query === 'function' ? query() : query;
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `${workflowPaths.todo}?pageSize=20&${q}`, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t0;
      const body = res.json();
      if (body.code !== 200) throw new Error(`todo list (${kind}) failed: ${body.msg}`);
      if (kind === 'page 1') total = body.data.pagination.total;
      if (i >= WARM) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const p = (x) => times[Math.min(times.length - 1, Math.floor(x * times.length))];
    results.push({ kind, p50: p(0.5), p95: p(0.95) });
  }
  if (total < TASKS / 4) throw new Error(`expected ${TASKS / 4} pending todos for the head, the list says ${total}`);
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(`todo list on ${label}: ${TASKS} tasks, ${total} pending for the measured head, page 20`);
  for (const r of results) console.log(`  ${r.kind.padEnd(14)} p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
  console.log(`  worst p95 ${worst.toFixed(1)} ms (target p95 < 20 ms on PostgreSQL)`);
  await app.close();
}

await onEachDatabase(measure);
