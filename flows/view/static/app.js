// The viewer page: the filtered object list (#/?FILTERS) and one object (#/object/ID).
// Everything comes from this server's JSON API (flows/view/server.py); no other site.
import { Viewer } from './viewer.js';

const main = document.getElementById('main');
const PAGE = 60;
let viewer = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs).forEach(([k, v]) => {
    if (v === null || v === undefined || v === false) return;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : v);
  });
  children.flat().forEach((c) => node.append(c instanceof Node ? c : document.createTextNode(String(c))));
  return node;
}

async function api(path) {
  const response = await fetch(path);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

function fail(err) {
  main.replaceChildren(el('p', { class: 'error', text: String(err.message || err) }));
}

async function route() {
  if (viewer) { viewer.dispose(); viewer = null; }
  window.arenaView = { ready: false };
  const hash = location.hash || '#/';
  try {
    if (hash.startsWith('#/object/')) await showObject(decodeURIComponent(hash.slice(9)));
    else await showList(new URLSearchParams(hash.includes('?') ? hash.split('?')[1] : ''));
  } catch (err) {
    fail(err);
  }
}

// ------------------------------------------------------------------------------ the list
const SELECTS = [['source', 'source'], ['supercategory', 'supercategory'],
                 ['category', 'category'], ['status', 'status'], ['code', 'codes'],
                 ['engine', 'engines'], ['eval200', 'in_eval200']];

async function showList(params) {
  const [info, facets] = await Promise.all([api('/api/info'), api('/api/facets')]);
  if (info.kind === 'object') {
    location.replace(`#/object/${encodeURIComponent(info.object_id)}`);
    return;
  }
  document.getElementById('title').textContent = `${info.name}: ${info.count} objects`;
  const form = el('form', { class: 'filters', onsubmit: (e) => e.preventDefault() });
  form.append(el('label', { text: 'search' }),
              el('input', { type: 'text', name: 'q', value: params.get('q') || '',
                            placeholder: 'object id, source id, name' }));
  SELECTS.forEach(([name, facet]) => {
    const select = el('select', { name }, el('option', { value: '', text: 'any' }));
    Object.entries(facets[facet] || {}).forEach(([value, n]) => {
      const shown = facet === 'in_eval200' ? `${value}` : value;
      select.append(el('option', { value, text: `${shown} (${n})`,
                                   selected: params.get(name) === value }));
    });
    if (name === 'engine') select.append(el('option', { value: 'any:failed',
      text: 'some engine failed', selected: params.get(name) === 'any:failed' }));
    form.append(el('label', { text: name === 'eval200' ? 'in eval200' : name }), select);
  });
  const types = el('div', { class: 'types' });
  Object.entries(facets.joint_types || {}).forEach(([type, n]) => types.append(
    el('label', {}, el('input', { type: 'checkbox', name: 'joint_type', value: type,
                                  checked: params.getAll('joint_type').includes(type) }),
       ` ${type} (${n})`)));
  form.append(el('label', { text: 'joint types (all of)' }), types);
  form.append(el('label', { text: 'moving joints (min, max)' }),
              el('input', { type: 'number', min: 0, name: 'moving_min', value: params.get('moving_min') || '' }),
              el('input', { type: 'number', min: 0, name: 'moving_max', value: params.get('moving_max') || '' }));
  form.addEventListener('change', () => {
    const query = new URLSearchParams();
    new FormData(form).forEach((value, key) => { if (value !== '') query.append(key, value); });
    location.hash = `#/?${query}`;
  });
  const grid = el('div', { class: 'grid', id: 'grid' });
  const count = el('p', { class: 'note', id: 'count' });
  const more = el('button', { class: 'more', type: 'button' }, 'more');
  main.replaceChildren(el('div', { class: 'list' }, form, el('div', {}, count, grid, more)));
  let offset = 0;
  const loadPage = async () => {
    const query = new URLSearchParams(params);
    query.set('offset', offset);
    query.set('limit', PAGE);
    const result = await api(`/api/objects?${query}`);
    result.items.forEach((item) => grid.append(card(item)));
    offset += result.items.length;
    count.textContent = `${result.total} objects match`;
    more.hidden = offset >= result.total;
  };
  more.addEventListener('click', () => loadPage().catch(fail));
  await loadPage();
  window.arenaView = { ready: true, page: 'list' };
}

function card(item) {
  const id = encodeURIComponent(item.object_id);
  const badges = [
    ...item.joint_types.filter((t) => t !== 'fixed').map((t) => el('span', { class: 'badge', text: t })),
    el('span', { class: 'badge', text: `${item.n_moving_joints} moving` }),
    item.in_eval200 ? el('span', { class: 'badge eval', text: 'eval200' }) : '',
    item.status === 'rejected' ? el('span', { class: 'badge bad', text: 'rejected' }) : '',
    Object.values(item.engines).some((ok) => !ok) ? el('span', { class: 'badge bad', text: 'engine failed' }) : '',
  ];
  return el('a', { class: 'card', href: `#/object/${id}`, 'data-object': item.object_id },
            el('img', { src: `/api/objects/${id}/thumbnail.png`, loading: 'lazy', alt: item.object_id }),
            el('div', { class: 'id', text: item.object_id }),
            el('div', { text: `${item.source} / ${item.category || 'no category'}` }),
            el('div', {}, badges));
}

// ---------------------------------------------------------------------------- one object
async function showObject(id) {
  const data = await api(`/api/objects/${encodeURIComponent(id)}`);
  document.getElementById('title').textContent = `${data.object_id} (${data.status})`;
  const stage = el('div', { class: 'stage', id: 'stage' });
  const panel = el('div', { class: 'panel' });
  main.replaceChildren(el('div', { class: 'object' }, stage, panel));
  panel.append(section('moving joints', sliderList(data)),
               section('kinematic tree', el('div', { class: 'tree' }, treeList(data.tree))),
               section(`verification: ${data.status} (${data.issues.length} issues)`, issueTable(data.issues)),
               section('engines', table(['engine', 'version', 'loaded', 'ok', 'max pose error'],
                 data.engines.map((e) => [e.engine, e.version, e.loaded, e.ok, e.max_pose_error]))),
               section(`duplicates (${data.duplicates.length})`, duplicateTable(data.duplicates)));
  if (data.nearest) panel.append(section(`nearest in ${data.nearest.release}`, nearestTable(data.nearest)));
  panel.append(section('fields', table(['field', 'value'], data.fields.map(([k, v]) => [k, show(v)]))),
               section('joints', table(['name', 'type', 'parent', 'child', 'axis', 'origin', 'lower', 'upper', 'pitch', 'mimic'],
                 data.joints.map((j) => [j.name, j.type, j.parent, j.child, vec(j.axis), vec(j.origin),
                                         num(j.lower), num(j.upper), num(j.pitch),
                                         j.mimic ? `${j.mimic.joint} x${j.mimic.multiplier} + ${j.mimic.offset}` : '']))),
               section('links', table(['name', 'mass', 'mass source'],
                 data.links.map((l) => [l.name, num(l.mass), l.mass_source]))));
  if (!data.urdf_url) {
    stage.append(el('p', { class: 'error', text: 'no canonical object was written: ' +
      data.issues.filter((i) => i.severity === 'error').map((i) => i.code).join(', ') }));
    window.arenaView = { ready: true, page: 'object', data };
    return;
  }
  viewer = new Viewer(stage);
  const status = el('span', { class: 'note' }, ' loading meshes...');
  const axes = el('input', { type: 'checkbox', id: 'show-axes' });
  axes.addEventListener('change', () => viewer.showAxes(data.joints, axes.checked));
  const geometry = el('select', { id: 'geometry', title: 'collision geometry: the <collision> meshes and primitives the engines collide' },
    ...[['visual', 'visual'], ['both', 'visual + collision'], ['collision', 'collision']].map(
      ([value, label]) => el('option', { value }, label)));
  geometry.addEventListener('change', () => {
    viewer.geometry = geometry.value;
    if (viewer.robot) viewer.setGeometry(geometry.value);
  });
  const reset = el('button', { type: 'button', id: 'reset' }, 'rest pose');
  const fit = el('button', { type: 'button' }, 'fit');
  stage.append(el('div', { class: 'toolbar' }, el('label', {}, axes, ' joint axes '),
                  el('label', {}, geometry, ' '), reset, ' ', fit, status));
  await viewer.load(data.urdf_url);
  status.textContent = viewer.meshErrors.length ? ` ${viewer.meshErrors.length} mesh(es) not loaded: ${viewer.meshErrors.join('; ')}` : '';
  fit.addEventListener('click', () => viewer.fit());
  reset.addEventListener('click', () => panel.querySelectorAll('input[data-joint]').forEach((input) => {
    input.value = input.dataset.rest;
    input.dispatchEvent(new Event('input'));
  }));
  panel.querySelectorAll('input[data-joint]').forEach((input) => input.dispatchEvent(new Event('input')));
  window.arenaView = {
    ready: true, page: 'object', data, viewer,
    linkPoses: () => viewer.linkPoses(),
    screenBox: (links) => viewer.screenBox(links),
    subtree: (link) => subtree(data.tree, link),
    renderCount: () => viewer.renderCount,
    drawnMeshes: () => viewer.drawnMeshes(),
  };
}

function section(title, body) {
  return el('section', {}, el('h3', { text: title }), body);
}

function sliderList(data) {
  if (!data.sliders.length) return el('p', { class: 'note', text: 'no moving joint' });
  return el('div', {}, data.sliders.map((s) => {
    const step = (s.max - s.min) / 1000;
    const input = el('input', { type: 'range', min: s.min, max: s.max, step, value: s.value,
                                'data-joint': s.name, 'data-rest': s.value });
    const value = el('span', { class: 'value' });
    const moved = subtree(data.tree, s.child);
    input.addEventListener('input', () => {
      const q = parseFloat(input.value);
      value.textContent = describe(s, q);
      if (viewer && viewer.robot) viewer.setJoint(s.name, q);
    });
    input.addEventListener('keydown', (e) => {  // continuous joints wrap: one end is the other
      if (!s.wrap) return;
      const q = parseFloat(input.value);
      const up = e.key === 'ArrowRight' || e.key === 'ArrowUp';
      const down = e.key === 'ArrowLeft' || e.key === 'ArrowDown';
      // the last step before an end (the grid from min may stop just short of max) wraps
      if ((up && q > s.max - 1.5 * step) || (down && q < s.min + 1.5 * step)) {
        e.preventDefault();
        input.value = up ? s.min + step : s.max - step;
        input.dispatchEvent(new Event('input'));
      }
    });
    input.addEventListener('pointerenter', () => viewer && viewer.robot && viewer.highlight(moved));
    input.addEventListener('pointerleave', () => viewer && viewer.robot && viewer.highlight([]));
    value.textContent = describe(s, s.value);
    const range = `${s.type}${s.wrap ? ', wraps' : ''}${s.unbounded ? ', unlimited (range shown)' : ''}`;
    return el('div', { class: 'slider' },
              el('div', { class: 'head' }, el('span', { class: 'name', text: s.name }),
                 el('span', { class: 'note', text: range })),
              input, value,
              s.followers.map((f) => el('div', { class: 'follow',
                text: `drives ${f.name}: q = ${f.multiplier} q + ${f.offset}` })));
  }));
}

function describe(s, q) {
  if (s.unit === 'm') return `${(q * 1000).toFixed(1)} mm`;
  const angle = `${(q * 180 / Math.PI).toFixed(1)}\u00b0`;
  return s.type === 'helical' ? `${angle}, ${(s.pitch * q * 1000).toFixed(2)} mm along the axis` : angle;
}

function subtree(node, link) {
  const find = (n) => (n.link === link ? n : n.children.map(find).find(Boolean));
  const names = [];
  const walk = (n) => { names.push(n.link); n.children.forEach(walk); };
  const start = node && find(node);
  if (start) walk(start);
  return names;
}

function treeList(node) {
  if (!node || !node.link) return el('p', { class: 'note', text: 'no links' });
  return el('ul', {}, treeNode(node));
}

function treeNode(node) {
  return el('li', {}, el('span', { text: node.link }), node.children.length
    ? el('ul', {}, node.children.map((c) => el('li', {},
        el('span', { class: 'joint', text: `${c.joint.name} (${c.joint.type})` }),
        el('ul', {}, treeNode(c)))))
    : '');
}

function issueTable(issues) {
  if (!issues.length) return el('p', { class: 'note', text: 'no issue' });
  return table(['code', 'severity', 'location', 'message'], issues.map((i) => [
    i.code, el('span', { class: `sev-${i.severity}`, text: i.severity }), i.location, i.message]));
}

function duplicateTable(dups) {
  if (!dups.length) return el('p', { class: 'note', text: 'none' });
  return table(['object', 'relation', 'distance', 'source'], dups.map((d) => [
    d.object_id, d.relation || '', num(d.distance), d.source || '']));
}

function nearestTable(nearest) {
  if (nearest.error) return el('p', { class: 'error', text: nearest.error });
  return table(['object', 'distance', 'same files', 'same upstream'], (nearest.nearest || []).map((n) => [
    n.object_id, num(n.distance), n.same_checksum, n.same_upstream]));
}

function table(head, rows) {
  return el('table', {}, el('tr', {}, head.map((h) => el('th', { text: h }))),
            rows.map((r) => el('tr', {}, r.map((c) => el('td', {}, c instanceof Node ? c : show(c))))));
}

function num(v) {
  return v === null || v === undefined ? '' : Number(v).toPrecision(4);
}

function vec(v) {
  return v ? v.map((x) => Number(x).toFixed(3)).join(' ') : '';
}

function show(v) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

window.addEventListener('hashchange', route);
route();
