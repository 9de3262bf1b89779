// Run the scripted session of test_client_compat.py through mysql2 (npm).
//   node node_client.js HOST PORT USER PASSWORD DB < session.json
// session.json: {"steps": [[name, sql], ...], "multi": sql, "prepared_insert": sql,
// "prepared_select": sql}, written by the test from session.py. Prints one JSON line per
// step (same shape as py_client.py, plus mysql2's serverStatus and stateChanges), so
// that two servers answering alike print the same lines.
'use strict';
const crypto = require('crypto');
const path = require('path');
const mysql = require(path.join(__dirname, 'node_modules', 'mysql2', 'promise'));

function text(v) {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) {
    if (v.length > 65536) return `<${v.length} bytes sha1=${crypto.createHash('sha1').update(v).digest('hex')}>`;
    const s = v.toString('utf8');
    return Buffer.from(s, 'utf8').equals(v) ? s : '0x' + v.toString('hex');
  }
  if (typeof v === 'string' && v.length > 65536) return text(Buffer.from(v, 'utf8'));
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function header(r) {
  const out = { affected: r.affectedRows, last_id: Number(r.insertId || 0), info: r.info || null,
                warnings: r.warningStatus, status: r.serverStatus };
  if (r.stateChanges) out.state = r.stateChanges;
  return out;
}

function result(rows, fields) {
  if (Array.isArray(rows)) {
    return { columns: (fields || []).map(f => f.name), types: (fields || []).map(f => f.columnType),
             rows: rows.map(r => r.map(text)) };
  }
  return header(rows);
}

function emit(step, obj) {
  const sorted = {};
  for (const k of Object.keys(Object.assign({ step }, obj)).sort()) sorted[k] = k === 'step' ? step : obj[k];
  process.stdout.write(JSON.stringify(sorted) + '\n');
}

function error(e) {
  return { error: [e.errno, e.sqlState || null, e.sqlMessage || e.message] };
}

async function main() {
  const [host, port, user, password, db] = process.argv.slice(2);
  const session = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const conn = await mysql.createConnection({
    host, port: Number(port), user, password, multipleStatements: true, rowsAsArray: true,
    dateStrings: true, supportBigNumbers: true, bigNumberStrings: true, charset: 'UTF8MB4_GENERAL_CI',
  });
  for (const [name, sqlTemplate] of session.steps) {
    const sql = sqlTemplate.split('{db}').join(db);
    try {
      const [rows, fields] = await conn.query(sql);
      emit(name, result(rows, fields));
    } catch (e) {
      emit(name, error(e));
    }
  }
  try {
    const [results, fieldSets] = await conn.query(session.multi);
    emit('multi_statement', { results: results.map((r, i) => result(r, fieldSets[i])) });
  } catch (e) {
    emit('multi_statement', error(e));
  }
  // Prepared statements: mysql2's execute() is COM_STMT_PREPARE + COM_STMT_EXECUTE.
  try {
    const [r1] = await conn.execute(session.prepared_insert,
      [5, '-12.345', 2.5, "it's é", Buffer.from([0, 255, 39]), '2020-02-29', '2021-03-04 05:06:07.890']);
    emit('prepared_insert', header(r1));
    const [r2] = await conn.execute(session.prepared_insert, [null, null, null, null, null, null, null]);
    emit('prepared_insert_nulls', header(r2));
    const [rows, fields] = await conn.execute(session.prepared_select, [0]);
    emit('prepared_select', result(rows, fields));
    try {
      await conn.execute('INSERT INTO t (id) VALUES (?)', [1]);
    } catch (e) {
      emit('prepared_error', error(e));
    }
    await conn.unprepare(session.prepared_insert);
  } catch (e) {
    emit('prepared', error(e));
  }
  await conn.ping();
  emit('ping', { ok: true });
  await conn.changeUser({ user, password, database: db });
  emit('change_user', { database: db });
  const [rows, fields] = await conn.query('SELECT DATABASE(), COUNT(*) FROM t');
  emit('after_change_user', result(rows, fields));
  const [dropped] = await conn.query(`DROP DATABASE ${db}`);
  emit('drop_db_end', header(dropped));
  await conn.end();
  emit('quit', { ok: true });
}

main().catch(e => { process.stderr.write(String(e && e.stack || e) + '\n'); process.exit(1); });
