// Read a server's binlog with ZongJi (npm @vlasky/zongji) from its first file until the
// query event that drops the table `zj_end`, printing one JSON line per event:
//   node zongji_client.js HOST PORT USER PASSWORD
// Fields that differ by nature between two servers (positions, timestamps, xids, table
// ids, thread ids) are left out; everything ZongJi decoded from the events stays.
import ZongJi from '@vlasky/zongji';

const [host, port, user, password] = process.argv.slice(2);

function value(v) {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return '0x' + v.toString('hex');
  if (v instanceof Date) return isNaN(v) ? 'Invalid Date' : v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}

function row(r) {
  const out = {};
  for (const k of Object.keys(r)) out[k] = value(r[k]);
  return out;
}

const zongji = new ZongJi({ host, port: Number(port), user, password, dateStrings: true });
const timer = setTimeout(() => { console.error('timeout: no zj_end event'); process.exit(3); }, 60000);

zongji.on('error', (err) => { console.error('error: ' + (err && err.stack || err)); process.exit(2); });
zongji.on('binlog', (evt) => {
  const name = evt.getEventName();
  const out = { event: name };
  if (evt.gtid !== undefined && name !== 'mariadbgtid') out.gtid = evt.gtid;
  if (name === 'query') { out.schema = evt.schema; out.query = evt.query; out.errorCode = evt.errorCode; }
  if (name === 'mariadbgtid') { out.gtidOf = evt.gtid; out.standalone = evt.standalone; out.isDdl = evt.isDdl; }
  if (name === 'tablemap') {
    const t = evt.tableMap[evt.tableId];
    out.schema = t.parentSchema; out.table = t.tableName;
    out.columns = t.columns.map((c) => [c.name, c.type, c.charset || null]);
  }
  if (name === 'writerows' || name === 'deleterows') {
    out.table = evt.tableMap[evt.tableId].tableName;
    out.rows = evt.rows.map(row);
  }
  if (name === 'updaterows') {
    out.table = evt.tableMap[evt.tableId].tableName;
    out.rows = evt.rows.map((r) => ({ before: row(r.before), after: row(r.after) }));
  }
  console.log(JSON.stringify(out));
  if (name === 'query' && /zj_end/.test(evt.query)) {
    clearTimeout(timer);
    zongji.stop();
    setTimeout(() => process.exit(0), 100);
  }
});
zongji.start({
  serverId: 9000 + (process.pid % 1000),
  filename: 'binlog.000001',
  position: 4,
  includeEvents: ['query', 'tablemap', 'writerows', 'updaterows', 'deleterows', 'xid', 'mariadbgtid'],
});
