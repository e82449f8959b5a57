// The operator's page: reads this router's /stats, /overview and /health every 2 s and draws them. No library, nothing
// from another host; the only state is the last 5 minutes of totals, kept in this page.
'use strict';

(() => {
  const PollMs = 2000;
  const HistoryMs = 5 * 60 * 1000;
  const PageSize = 50;
  const TokenKey = 'soaprouter.adminToken';
  const SvgNs = 'http://www.w3.org/2000/svg';

  const el = id => document.getElementById(id);
  const state = {
    previous: null, // { at, stats, overview } of the last good read
    history: [], // { at, messages, faults, p99 }
    routePage: 0,
    lastGood: null,
  };

  // ---- formatting -------------------------------------------------------------------------------------------------

  const fmtRate = v => (v === null || v === undefined || !isFinite(v)) ? '–' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
  const fmtInt = v => (v === null || v === undefined) ? '–' : Number(v).toLocaleString('en-US');
  const fmtMs = v => (v === null || v === undefined) ? '–' : v >= 1000 ? `≤ ${(v / 1000).toFixed(1)} s` : `≤ ${v >= 10 ? v.toFixed(0) : v.toFixed(1)} ms`;
  const fmtBytesPerSecond = v => {
    if (v === null || v === undefined) return '–';
    const bits = v * 8;
    return bits >= 1e9 ? `${(bits / 1e9).toFixed(1)} Gbit/s` : bits >= 1e6 ? `${(bits / 1e6).toFixed(1)} Mbit/s` : `${(bits / 1e3).toFixed(0)} kbit/s`;
  };
  const fmtTime = d => d.toISOString().substring(11, 19) + 'Z';

  // ---- reading ----------------------------------------------------------------------------------------------------

  class Refused extends Error {}

  async function read(path, authorized) {
    const headers = { Accept: 'application/json' };
    const token = sessionStorage.getItem(TokenKey);
    if (authorized && token) headers.Authorization = 'Bearer ' + token;
    const response = await fetch(path, { headers, cache: 'no-store', credentials: 'omit' });
    if (response.status === 401) throw new Refused(path);
    // /health answers 503 with its body when the router is unhealthy or draining.
    if (!response.ok && !(path === '/health' && response.status === 503)) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  }

  let timer = null;
  let polling = false;
  function schedule(ms) {
    clearTimeout(timer);
    timer = setTimeout(poll, ms);
  }

  async function poll() {
    if (polling) return;
    polling = true;
    const at = performance.now();
    try {
      const [stats, overview, health] = await Promise.all([read('/stats', true), read('/overview', true), read('/health', false)]);
      showTokenForm(false);
      render(at, stats, overview, health);
      state.previous = { at, stats, overview };
      state.lastGood = new Date();
      setStatus('ok', `Live: figures read at ${fmtTime(state.lastGood)}, every ${PollMs / 1000} s.`);
    } catch (error) {
      if (error instanceof Refused) {
        state.previous = null;
        showTokenForm(true);
        setStatus('error', sessionStorage.getItem(TokenKey)
          ? 'The router refused the token: the figures are not shown. Enter the admin token (admin.authToken).'
          : 'The router refuses its figures without the admin token (admin.authToken): enter it below.');
      } else {
        const since = state.lastGood ? ` The figures below are from ${fmtTime(state.lastGood)}.` : '';
        setStatus('error', `Cannot read the router's figures (${error.message || error}).${since} Retrying every ${PollMs / 1000} s.`);
      }
    } finally {
      polling = false;
      schedule(PollMs);
    }
  }

  function setStatus(kind, text) {
    const status = el('status');
    status.dataset.state = kind;
    status.textContent = text;
    el('figures').classList.toggle('stale', kind !== 'ok');
  }

  function showTokenForm(show) {
    el('token-form').hidden = !show;
    el('figures').hidden = show && !state.lastGood;
    el('forget-token').hidden = !sessionStorage.getItem(TokenKey);
  }

  // ---- figures ----------------------------------------------------------------------------------------------------

  // Per second between the previous read and this one; null on the first read.
  function rate(now, before, seconds) {
    if (before === undefined || before === null || seconds <= 0) return null;
    return Math.max(0, now - before) / seconds;
  }

  function sumFaults(faults) {
    let total = 0;
    for (const kind in faults) total += faults[kind];
    return total;
  }

  // The bucket bound at quantile q of counts; null without counts.
  function quantile(counts, bounds, q) {
    let total = 0;
    for (const c of counts) total += c;
    if (total === 0) return null;
    const target = q * total;
    let seen = 0;
    for (let i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen >= target) return bounds[i];
    }
    return bounds[counts.length - 1];
  }

  // The counts added since the previous read (all of them on the first).
  function delta(now, before) {
    if (!now) return [];
    const out = now.slice();
    if (before) for (let i = 0; i < out.length; i++) out[i] = Math.max(0, out[i] - (before[i] || 0));
    return out;
  }

  function addInto(total, counts) {
    for (let i = 0; i < counts.length; i++) total[i] = (total[i] || 0) + counts[i];
  }

  function render(at, stats, overview, health) {
    const prev = state.previous;
    const seconds = prev ? (at - prev.at) / 1000 : 0;
    const ps = prev ? prev.stats : null;
    const bounds = overview.latency.boundsMs;
    const before = prev ? prev.overview.latency : null;

    const routeLatency = {};
    const all = [];
    for (const name in overview.latency.routes) {
      const d = delta(overview.latency.routes[name], before && before.routes[name]);
      routeLatency[name] = d;
      addInto(all, d);
    }
    const destinationLatency = {};
    for (const name in overview.latency.destinations) {
      destinationLatency[name] = delta(overview.latency.destinations[name], before && before.destinations[name]);
    }

    const messagesPerSecond = rate(stats.messages, ps && ps.messages, seconds);
    const faultsPerSecond = rate(sumFaults(stats.faults), ps && sumFaults(ps.faults), seconds);
    const p99 = prev ? quantile(all, bounds, 0.99) : null;
    if (prev) {
      state.history.push({ at: Date.now(), messages: messagesPerSecond, faults: faultsPerSecond, p99 });
      const oldest = Date.now() - HistoryMs;
      while (state.history.length && state.history[0].at < oldest) state.history.shift();
    }

    renderHealth(health);
    renderSummary(stats, overview, messagesPerSecond, faultsPerSecond, prev ? quantile(all, bounds, 0.5) : null, p99);
    renderCharts();
    renderListeners(stats, overview, prev, seconds);
    state.routeArgs = [stats, overview, ps, seconds, routeLatency, bounds, !!prev];
    renderRoutes(...state.routeArgs);
    renderPaths(stats, ps, seconds);
    renderFaults(stats, ps, seconds);
    renderClusters(stats, overview, ps, seconds, destinationLatency, bounds, !!prev, health);
    renderLinks(stats);
    renderTls(stats, overview);
    renderCache(stats);
    renderQueues(stats);
  }

  // ---- DOM helpers ------------------------------------------------------------------------------------------------

  function cell(row, text, numeric, header) {
    const c = document.createElement(header ? 'th' : 'td');
    if (header) c.scope = 'row';
    if (numeric) c.className = 'num';
    c.textContent = text;
    row.appendChild(c);
    return c;
  }

  function fill(tbody, rows) {
    const fragment = document.createDocumentFragment();
    for (const r of rows) fragment.appendChild(r);
    tbody.replaceChildren(fragment);
  }

  function simpleRows(tableId, rows) {
    fill(el(tableId).tBodies[0], rows.map(values => {
      const tr = document.createElement('tr');
      values.forEach((v, i) => cell(tr, String(v), i > 0 && typeof v === 'number', i === 0));
      return tr;
    }));
  }

  // ---- sections ---------------------------------------------------------------------------------------------------

  function renderHealth(health) {
    const h = el('health');
    h.dataset.state = health.status === 'ok' ? 'ok' : health.status === 'degraded' ? 'degraded' : 'error';
    const reasons = health.reasons && health.reasons.length ? ': ' + health.reasons.join('; ') : '';
    h.textContent = `Health: ${health.status}${reasons} (config version ${health.configVersion}, up ${Math.floor(health.uptimeSeconds)} s)`;
  }

  function renderSummary(stats, overview, mps, fps, p50, p99) {
    const items = [
      ['Messages/s', fmtRate(mps)], ['Faults/s', fmtRate(fps)], ['p50 (all routes)', fmtMs(p50)], ['p99 (all routes)', fmtMs(p99)],
      ['Messages', fmtInt(stats.messages)], ['Routes', fmtInt(overview.routes.length)],
      ['Destinations', fmtInt(overview.clusters.reduce((n, c) => n + c.destinations.length, 0))],
    ];
    const fragment = document.createDocumentFragment();
    for (const [term, value] of items) {
      const div = document.createElement('div');
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      div.append(dt, dd);
      fragment.appendChild(div);
    }
    el('summary').replaceChildren(fragment);
  }

  function renderCharts() {
    const charts = [
      ['chart-messages', 'Messages per second', h => h.messages, fmtRate],
      ['chart-faults', 'Faults per second', h => h.faults, fmtRate],
      ['chart-p99', 'p99 latency (ms, all routes)', h => h.p99, v => v === null ? '–' : v.toFixed(1)],
    ];
    const container = el('charts');
    for (const [id, title, pick, fmt] of charts) {
      let figure = el(id);
      if (!figure) {
        figure = document.createElement('figure');
        figure.id = id;
        const caption = document.createElement('figcaption');
        figure.append(caption, document.createElementNS(SvgNs, 'svg'));
        container.appendChild(figure);
      }
      drawChart(figure, title, state.history.map(h => ({ at: h.at, v: pick(h) })), fmt);
    }
  }

  function svg(name, attributes, text) {
    const node = document.createElementNS(SvgNs, name);
    for (const key in attributes) node.setAttribute(key, attributes[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A line over the last 5 minutes: x is time (right edge now), y from 0 to the largest value seen.
  function drawChart(figure, title, points, fmt) {
    const width = 360, height = 130, left = 40, bottom = 16, top = 8;
    const values = points.map(p => p.v).filter(v => v !== null && isFinite(v));
    const max = Math.max(1e-9, ...values);
    const now = Date.now();
    const x = at => left + (width - left - 4) * (1 - (now - at) / HistoryMs);
    const y = v => top + (height - top - bottom) * (1 - v / max);
    const last = values.length ? values[values.length - 1] : null;
    figure.querySelector('figcaption').textContent = `${title}: now ${last === null ? '–' : fmt(last)}, highest ${values.length ? fmt(max) : '–'}`;
    const chart = figure.querySelector('svg');
    chart.setAttribute('class', 'chart');
    chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
    chart.setAttribute('role', 'img');
    chart.setAttribute('aria-label', `${title} over the last 5 minutes, ${values.length} readings, now ${last === null ? 'none' : fmt(last)}`);
    chart.dataset.points = String(values.length);
    const line = points.filter(p => p.v !== null && isFinite(p.v)).map(p => `${x(p.at).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
    chart.replaceChildren(
      svg('line', { x1: left, y1: height - bottom, x2: width - 4, y2: height - bottom }),
      svg('line', { x1: left, y1: top, x2: left, y2: height - bottom }),
      svg('text', { x: 2, y: top + 8 }, values.length ? fmt(max) : ''),
      svg('text', { x: 2, y: height - bottom }, '0'),
      svg('text', { x: left, y: height - 3 }, '−5 min'),
      svg('text', { x: width - 30, y: height - 3 }, 'now'),
      svg('polyline', { points: line }));
  }

  function renderListeners(stats, overview, prev, seconds) {
    const before = prev ? prev.overview.listenerTraffic : null;
    const endpoints = stats.listeners || {};
    fill(el('listeners').tBodies[0], overview.listeners.map(l => {
      const tr = document.createElement('tr');
      tr.dataset.listener = l.name;
      const none = { messages: 0, failures: 0 };
      const t = overview.listenerTraffic[l.name] || none;
      const b = before && (before[l.name] || none);
      let connections = null, accepting = null;
      for (const key in endpoints) {
        if (key.split(',').includes(l.name)) {
          connections = endpoints[key].liveConnections;
          accepting = endpoints[key].accepting;
        }
      }
      cell(tr, l.name, false, true);
      cell(tr, l.binding);
      cell(tr, l.address);
      cell(tr, l.tls ? 'yes' : 'no');
      cell(tr, fmtRate(rate(t.messages, b && b.messages, seconds)), true);
      cell(tr, fmtRate(rate(t.failures, b && b.failures, seconds)), true);
      cell(tr, connections === null ? '–' : fmtInt(connections), true);
      cell(tr, accepting === null ? '–' : accepting ? 'yes' : 'NO: accept failing or waiting for descriptors').className = accepting === false ? 'state-down' : '';
      return tr;
    }));
  }

  function renderRoutes(stats, overview, ps, seconds, latency, bounds, hasPrevious) {
    const filter = el('route-filter').value.trim().toLowerCase();
    const routes = filter ? overview.routes.filter(r => r.name.toLowerCase().includes(filter) || r.cluster.toLowerCase().includes(filter)) : overview.routes;
    const pages = Math.max(1, Math.ceil(routes.length / PageSize));
    state.routePage = Math.min(state.routePage, pages - 1);
    const shown = routes.slice(state.routePage * PageSize, (state.routePage + 1) * PageSize);
    el('routes-count').textContent = `(${overview.routes.length})`;
    el('route-page').textContent = `page ${state.routePage + 1} of ${pages} (${routes.length} routes)`;
    el('route-prev').disabled = state.routePage === 0;
    el('route-next').disabled = state.routePage >= pages - 1;
    const cacheRoutes = (stats.cache && stats.cache.routes) || {};
    const cacheBefore = (ps && ps.cache && ps.cache.routes) || {};
    fill(el('routes').tBodies[0], shown.map(r => {
      const tr = document.createElement('tr');
      tr.dataset.route = r.name;
      const t = stats.routes[r.name] || { messages: 0, failures: 0 };
      const b = ps && ps.routes[r.name];
      const l = latency[r.name] || [];
      const cache = cacheRoutes[r.name];
      cell(tr, r.name, false, true);
      cell(tr, r.cluster);
      cell(tr, fmtRate(rate(t.messages, b && b.messages, seconds)), true);
      cell(tr, fmtRate(rate(t.failures, b && b.failures, seconds)), true);
      cell(tr, fmtInt(t.messages), true);
      cell(tr, fmtInt(t.failures), true);
      cell(tr, hasPrevious ? fmtMs(quantile(l, bounds, 0.5)) : '–', true);
      cell(tr, hasPrevious ? fmtMs(quantile(l, bounds, 0.99)) : '–', true);
      cell(tr, cache ? fmtRate(rate(cache.hits, cacheBefore[r.name] && cacheBefore[r.name].hits, seconds)) : 'not cached', !!cache);
      cell(tr, cache ? fmtInt(cache.hits) : '–', true);
      return tr;
    }));
  }

  // Re-encoded messages between a SOAP 1.2 text client and an msbin1 destination are transcoded by the router itself;
  // what its transcoders refuse goes to WCF's reader and writer. Their shares are of the re-encoded messages.
  const transcodingRows = [
    ['requests', 're-encoded: requests transcoded by the router'], ['replies', 're-encoded: replies transcoded by the router'],
    ['requestsToWcf', 're-encoded: requests WCF re-encoded (transcoder refused)'], ['repliesToWcf', 're-encoded: replies WCF re-encoded (transcoder refused)'],
  ];

  function renderPaths(stats, ps, seconds) {
    const total = stats.paths.verbatim.messages + stats.paths.reencoded.messages;
    const rows = ['verbatim', 'reencoded'].map(path => {
      const now = stats.paths[path].messages;
      return [path === 'verbatim' ? 'verbatim (bytes as received)' : 're-encoded', fmtRate(rate(now, ps && ps.paths[path].messages, seconds)), fmtInt(now),
        total ? `${(100 * now / total).toFixed(1)}%` : '–'];
    });
    const transcoding = stats.paths.transcoding;
    if (transcoding) {
      const before = ps && ps.paths.transcoding;
      const reencoded = stats.paths.reencoded.messages;
      for (const [key, label] of transcodingRows) {
        const now = transcoding[key];
        rows.push([label, fmtRate(rate(now, before && before[key], seconds)), fmtInt(now), reencoded ? `${(100 * now / reencoded).toFixed(1)}% of re-encoded` : '–']);
      }
    }

    simpleRows('paths', rows);
  }

  function renderFaults(stats, ps, seconds) {
    simpleRows('faults', Object.keys(stats.faults).map(kind => [kind, fmtRate(rate(stats.faults[kind], ps && ps.faults[kind], seconds)), fmtInt(stats.faults[kind])]));
  }

  function destinationState(d, cluster, health) {
    if (health.status === 'draining') return ['draining (the router is stopping)', 'state-warn'];
    if (d.state === 'ejected') return [`ejected until ${d.ejectedUntil ? fmtTime(new Date(d.ejectedUntil)) : '?'}`, 'state-ejected'];
    if (d.state === 'unhealthy') return [`down: failing its probes${cluster.probeIntervalSeconds ? `, probed every ${cluster.probeIntervalSeconds} s` : ''}`, 'state-unhealthy'];
    if (d.tlsProblem) return [`TLS problem: ${d.tlsProblem}`, 'state-unhealthy'];
    return [cluster.probeIntervalSeconds ? `healthy, probed every ${cluster.probeIntervalSeconds} s` : 'healthy', 'state-healthy'];
  }

  function renderClusters(stats, overview, ps, seconds, latency, bounds, hasPrevious, health) {
    const container = el('clusters');
    const sessions = stats.netTcpSessions || {};
    const seen = new Set();
    for (const c of overview.clusters) {
      const id = 'cluster-' + c.name;
      seen.add(id);
      let details = document.getElementById(id);
      if (!details) {
        details = document.createElement('details');
        details.id = id;
        details.open = overview.clusters.length <= 20;
        const summary = document.createElement('summary');
        const table = document.createElement('table');
        table.createCaption();
        const head = table.createTHead().insertRow();
        for (const h of ['Destination', 'Address', 'Role', 'State', 'In flight', 'Attempts/s', 'Failures/s', 'Failures', 'Failing in a row', 'p50', 'p99', 'net.tcp sessions']) {
          const th = document.createElement('th');
          th.scope = 'col';
          th.textContent = h;
          head.appendChild(th);
        }
        table.createTBody();
        details.append(summary, table);
        container.appendChild(details);
      }
      const down = c.destinations.filter(d => d.state !== 'healthy').length;
      details.querySelector('summary').textContent = `Cluster ${c.name}: ${c.destinations.length} destinations, ${down} not healthy, ${c.loadBalancing}`;
      details.querySelector('caption').textContent = `Destinations of cluster ${c.name}`;
      fill(details.querySelector('tbody'), c.destinations.map(d => {
        const tr = document.createElement('tr');
        tr.dataset.destination = d.name;
        const t = stats.destinations[d.name] || { messages: 0, failures: 0 };
        const b = ps && ps.destinations[d.name];
        const [text, className] = destinationState(d, c, health);
        const l = latency[d.name] || [];
        const s = sessions[d.name];
        cell(tr, d.name, false, true);
        cell(tr, d.address);
        cell(tr, d.backup ? 'backup' : 'primary');
        const stateCell = cell(tr, text);
        stateCell.className = 'state ' + className;
        stateCell.dataset.state = d.state;
        cell(tr, fmtInt(d.inFlight), true);
        cell(tr, fmtRate(rate(t.messages, b && b.messages, seconds)), true);
        cell(tr, fmtRate(rate(t.failures, b && b.failures, seconds)), true);
        cell(tr, fmtInt(t.failures), true);
        cell(tr, fmtInt(d.consecutiveFailures), true);
        cell(tr, hasPrevious ? fmtMs(quantile(l, bounds, 0.5)) : '–', true);
        cell(tr, hasPrevious ? fmtMs(quantile(l, bounds, 0.99)) : '–', true);
        cell(tr, s ? `${s.pooled} pooled, ${s.affinity} with affinity` : '–');
        return tr;
      }));
    }
    for (const child of [...container.children]) if (!seen.has(child.id)) child.remove();
  }

  function renderLinks(stats) {
    const links = stats.compression || {};
    const rows = Object.keys(links).map(name => {
      const l = links[name];
      const codecs = Object.entries(l.codecsChosen || {}).map(([k, v]) => `${k}: ${fmtInt(v)}`).join(', ') || 'none';
      const skipped = Object.entries(l.skipped || {}).map(([k, v]) => `${k}: ${fmtInt(v)}`).join(', ') || 'none';
      const ratio = l.originalBytes ? (l.compressedBytes / l.originalBytes).toFixed(2) : '–';
      const bandwidth = l.bandwidthBytesPerSecond === null || l.bandwidthBytesPerSecond === undefined ? 'not planned'
        : `${fmtBytesPerSecond(l.bandwidthBytesPerSecond)} (${l.bandwidthEstimated ? 'measured' : 'configured or assumed'})`;
      return [name, fmtInt(l.compressed), codecs, skipped, ratio, bandwidth, l.cpuCap || '–'];
    });
    if (!rows.length) rows.push(['no link compresses or has decoded anything', '', '', '', '', '', '']);
    simpleRows('links', rows);
    const recent = (stats.linkEstimates && stats.linkEstimates.recent) || [];
    const peers = recent.map(p => [p.link, p.peer, fmtBytesPerSecond(p.bytesPerSecond), p.source, fmtInt(p.samples), `${Math.round(p.idleSeconds)} s`]);
    if (!peers.length) peers.push(['no adaptive listener has estimated a client yet', '', '', '', '', '']);
    simpleRows('peers', peers);
  }

  function renderTls(stats, overview) {
    const certificates = overview.certificates.map(c => [c.name, c.subject, c.notAfter.substring(0, 10),
      c.daysLeft < 0 ? `EXPIRED ${-c.daysLeft} days ago` : `${c.daysLeft}`]);
    if (!certificates.length) certificates.push(['no certificate: TLS is not configured', '', '', '']);
    simpleRows('certificates', certificates);
    const tls = stats.tls;
    const rows = [['completed', fmtInt(tls.handshakes)]];
    for (const reason in tls.handshakeFailures) rows.push([`failed: ${reason}`, fmtInt(tls.handshakeFailures[reason])]);
    for (const destination in tls.destinationFailures) rows.push([`router to ${destination} failed`, fmtInt(tls.destinationFailures[destination])]);
    simpleRows('handshakes', rows);
  }

  function renderCache(stats) {
    const section = el('cache-section');
    section.hidden = !stats.cache;
    if (!stats.cache) return;
    const c = stats.cache;
    const items = [['Entries', fmtInt(c.entries)], ['Bytes held', fmtInt(c.bytes)], ['Memory limit', fmtInt(c.memoryLimitBytes)]];
    if (c.redis) items.push(['Redis', c.redis.connected ? 'connected' : 'NOT connected'], ['Redis hits', fmtInt(c.redis.hits)], ['Redis errors', fmtInt(c.redis.errors)]);
    const fragment = document.createDocumentFragment();
    for (const [term, value] of items) {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      fragment.append(dt, dd);
    }
    el('cache').replaceChildren(fragment);
  }

  // /stats "queues" (durable delivery): the store, then one row per queue (a durable route, or a route's copies to a
  // cluster, "route->cluster") and one per route's direct copies. The section stays hidden without it.
  function renderQueues(stats) {
    const section = el('queues-section');
    const q = stats.queues;
    section.hidden = !q;
    if (!q) return;
    el('queue-store').textContent = `Store: ${q.store}, ${fmtInt(q.bytes)} of ${fmtInt(q.maxBytes)} bytes used` +
      (q.maxBytes ? ` (${(100 * q.bytes / q.maxBytes).toFixed(1)}%)` : '');
    generic('queues', q.queues || {}, 'queue', 'Queue');
    generic('copies', q.copies || {}, 'copies', 'Route');
  }

  // A table of name -> flat figures, its columns taken from the figures, so fields added later still show.
  function generic(tableId, byName, dataName, first) {
    const names = Object.keys(byName);
    const columns = [...new Set(names.flatMap(n => Object.keys(byName[n] || {})))];
    const head = document.createElement('tr');
    for (const h of [first, ...columns]) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = h;
      head.appendChild(th);
    }
    const table = el(tableId);
    table.tHead.replaceChildren(head);
    fill(table.tBodies[0], names.map(n => {
      const tr = document.createElement('tr');
      tr.dataset[dataName] = n;
      cell(tr, n, false, true);
      for (const c of columns) {
        const v = byName[n][c];
        cell(tr, typeof v === 'number' ? (Number.isInteger(v) ? fmtInt(v) : v.toFixed(1)) : v === undefined || v === null ? '–' : typeof v === 'object' ? JSON.stringify(v) : String(v), typeof v === 'number');
      }
      return tr;
    }));
    if (!names.length) {
      const tr = document.createElement('tr');
      cell(tr, 'none', false, true);
      table.tBodies[0].replaceChildren(tr);
    }
  }

  // ---- start ------------------------------------------------------------------------------------------------------

  function start() {
    el('token-form').addEventListener('submit', event => {
      event.preventDefault();
      sessionStorage.setItem(TokenKey, el('token').value);
      el('token').value = '';
      setStatus('loading', 'Reading the router\'s figures with the token…');
      schedule(0);
    });
    el('forget-token').addEventListener('click', () => {
      sessionStorage.removeItem(TokenKey);
      location.reload();
    });
    const redrawRoutes = () => { if (state.routeArgs) renderRoutes(...state.routeArgs); };
    el('route-filter').addEventListener('input', () => { state.routePage = 0; redrawRoutes(); });
    el('route-prev').addEventListener('click', () => { state.routePage = Math.max(0, state.routePage - 1); redrawRoutes(); });
    el('route-next').addEventListener('click', () => { state.routePage++; redrawRoutes(); });
    schedule(0);
  }

  start();
})();
