// The Sluice chat page: threads, a streamed turn, citations with their sources, clarification
// cards and capability-miss notices. No framework, no build step: the runtime serves this file
// as written.
'use strict';

const $ = (id) => document.getElementById(id);
const state = { threadId: null, busy: false };

/** An element with text and attributes. */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  append(node, ...children);
  return node;
}

/** Appends the children that exist (a section with nothing to show is `null`). */
function append(node, ...children) {
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
}

function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = !message;
}

/** A JSON API call; a failure throws with the server's message. */
async function api(path, options = {}) {
  const response = await fetch(path, options);
  if (response.status === 204) return null;
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorText(body, response.status));
  return body;
}

function errorText(body, status) {
  const error = body && body.error;
  if (!error) return `The server answered ${status}.`;
  return error.field ? `${error.message} (${error.field})` : error.message;
}

async function loadModels() {
  const models = await api('/api/chat/models');
  const picker = $('answer-model');
  picker.replaceChildren(...models.answerModels.map((m) =>
    el('option', { value: m, text: m })));
  picker.value = models.defaultAnswerModel;
}

async function loadThreads() {
  const { threads } = await api('/api/chat/threads');
  $('thread-list').replaceChildren(...threads.map((t) => el('li', {},
    el('button', {
      type: 'button', text: t.title, 'data-thread': t.id,
      'aria-current': String(t.id === state.threadId),
      onclick: () => openThread(t.id),
    }))));
}

function setThread(id) {
  state.threadId = id;
  $('delete-thread').hidden = !id;
  if (id) history.replaceState(null, '', `#${id}`);
  else history.replaceState(null, '', location.pathname);
  for (const b of document.querySelectorAll('#thread-list button')) {
    b.setAttribute('aria-current', String(b.dataset.thread === id));
  }
}

async function openThread(id) {
  showError('');
  closeSource();
  try {
    const thread = await api(`/api/chat/threads/${encodeURIComponent(id)}`);
    setThread(id);
    $('messages').replaceChildren(...thread.messages.map(renderMessage));
  } catch (e) {
    showError(e.message);
  }
}

function newThread() {
  setThread(null);
  closeSource();
  showError('');
  $('messages').replaceChildren();
  $('message').focus();
}

async function deleteThread() {
  if (!state.threadId) return;
  try {
    await api(`/api/chat/threads/${encodeURIComponent(state.threadId)}`, { method: 'DELETE' });
    newThread();
    await loadThreads();
  } catch (e) {
    showError(e.message);
  }
}

/** A line of answer text with each `[n]` as a chip that opens its source. */
function cited(line, envelope) {
  const span = el('span');
  for (const part of line.split(/(\[\d+\])/)) {
    const marker = /^\[(\d+)\]$/.exec(part);
    const citation = marker && envelope.citations.find((c) => c.ordinal === Number(marker[1]));
    if (citation) {
      span.append(el('button', {
        type: 'button', class: 'chip', text: `[${citation.ordinal}]`,
        'aria-label': `Source ${citation.ordinal}: ${citation.title}`,
        onclick: () => showSource(envelope, citation),
      }));
    } else {
      span.append(part);
    }
  }
  return span;
}

/** The cells of one Markdown table row (`| a | b |`). */
function cells(row) {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/** A Markdown table's lines as an HTML table; the second line is the header rule. */
function table(lines, envelope) {
  const [head, , ...rows] = lines;
  return el('div', { class: 'table-wrap' }, el('table', {},
    el('thead', {}, el('tr', {}, ...cells(head).map((c) => el('th', { scope: 'col' }, cited(c, envelope))))),
    el('tbody', {}, ...rows.map((r) => el('tr', {}, ...cells(r).map((c) => el('td', {}, cited(c, envelope))))))));
}

/** The answer: paragraphs and Markdown tables, citations as chips. */
function answerText(text, envelope) {
  const out = el('div', { class: 'answer-text' });
  const lines = text.split('\n');
  for (let i = 0; i < lines.length;) {
    if (lines[i].trim().startsWith('|') && (lines[i + 1] || '').trim().startsWith('|')) {
      const start = i;
      while (i < lines.length && lines[i].trim().startsWith('|')) i += 1;
      out.append(table(lines.slice(start, i), envelope));
      continue;
    }
    const start = i;
    while (i < lines.length && lines[i].trim() !== '' && !lines[i].trim().startsWith('|')) i += 1;
    if (i > start) out.append(el('p', {}, cited(lines.slice(start, i).join('\n'), envelope)));
    while (i < lines.length && lines[i].trim() === '') i += 1;
  }
  return out;
}

function showSource(envelope, citation) {
  const evidence = (envelope.evidence || []).find((e) => e.id === citation.evidenceId);
  $('source-tool').textContent = citation.toolId;
  $('source-method').textContent = citation.method;
  $('source-arguments').textContent =
    JSON.stringify(evidence ? evidence.arguments : {}, null, 2);
  // Which call returned it and where in that call's result the record is (a JSON Pointer).
  $('source-pointer').textContent = evidence
    ? `call ${evidence.callId}, ${evidence.pointer === '' ? 'the whole result' : evidence.pointer}`
    : '';
  $('source-excerpt').textContent = citation.excerpt;
  const panel = $('source');
  panel.hidden = false;
  panel.focus();
}

function closeSource() {
  $('source').hidden = true;
}

function list(className, heading, items) {
  if (!items || items.length === 0) return null;
  return el('div', { class: className }, el('strong', { text: heading }),
    el('ul', {}, ...items.map((i) => el('li', { text: i }))));
}

function clarificationCard(c) {
  const card = el('div', { class: 'card clarification', role: 'group', 'aria-label': 'Clarification' },
    el('p', { text: c.question }));
  if (c.options.length > 0) {
    card.append(el('div', { class: 'options' }, ...c.options.map((o) => {
      const recommended = o.id === c.recommendedOptionId;
      return el('button', {
        type: 'button', class: recommended ? 'option recommended' : 'option',
        'data-option': o.id, title: o.description,
        text: recommended ? `${o.label} (recommended)` : o.label,
        onclick: () => send(o.label, o.id),
      });
    })));
  }
  if (c.missingParameters && c.missingParameters.length > 0) {
    card.append(el('p', { text: `Needed: ${c.missingParameters.join(', ')}` }));
  }
  for (const p of c.invalidParameters || []) {
    card.append(el('p', { text: `${p.name}: ${p.constraint}` }));
  }
  return card;
}

function missNotice(m) {
  const notice = el('div', { class: 'card miss', role: 'note', 'aria-label': 'Cannot answer' },
    el('strong', { text: 'This cannot be answered with the available tools.' }),
    el('p', { text: m.message }));
  append(notice, list('unserved', 'Not served:', m.unservedParts));
  if (m.servableParts && m.servableParts.length > 0) {
    notice.append(el('div', { class: 'options' }, ...m.servableParts.map((p) =>
      el('button', { type: 'button', class: 'servable', text: `Answer the rest: ${p.text}`,
        onclick: () => send(p.text) }))));
  }
  append(notice, list('nearest', 'Nearest methods:',
    (m.nearestMethods || []).map((n) => `${n.toolId}.${n.method} — ${n.whyNot}`)));
  return notice;
}

/** One stored message, with everything its envelope says. */
function renderMessage(m) {
  const item = el('li', { class: `message ${m.role}`, 'data-role': m.role });
  const envelope = m.envelope;
  if (m.role === 'user' || !envelope) {
    item.append(el('div', { text: m.content }));
    return item;
  }
  item.dataset.outcome = envelope.outcome;
  if (envelope.assumption) {
    item.append(el('p', { class: 'assumption',
      text: `Assumed: ${envelope.assumption.label} (chosen automatically; change it by turning auto-select off)` }));
  }
  if (envelope.outcome === 'answer') {
    item.append(answerText(envelope.answer || m.content, envelope));
  } else if (envelope.outcome === 'clarification_required' && envelope.clarification) {
    item.append(clarificationCard(envelope.clarification));
  } else if (envelope.outcome === 'capability_miss' && envelope.capabilityMiss) {
    item.append(missNotice(envelope.capabilityMiss));
  }
  append(item, list('gaps', 'Gaps:', envelope.gaps), list('conflicts', 'Conflicts:', (envelope.conflicts || []).map((c) => c.note)));
  return item;
}

/** Reads a Server-Sent Events body, calling `on(event, data)` for each event. */
async function readEvents(response, on) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length > 0) on(name, JSON.parse(data.join('\n')));
    }
  }
}

/** Sends one message (or a clicked option) and streams the turn into the page. */
async function send(message, selectedOptionId) {
  if (state.busy || !message.trim()) return;
  state.busy = true;
  $('send').disabled = true;
  showError('');
  const messages = $('messages');
  const mine = renderMessage({ role: 'user', content: message });
  messages.append(mine);
  const pending = el('li', { class: 'message assistant pending', 'aria-live': 'polite', 'aria-busy': 'true' });
  const text = el('div', { class: 'answer-text' });
  pending.append(text);
  messages.append(pending);
  const progress = $('progress');
  progress.hidden = false;
  progress.textContent = 'Working…';
  const body = {
    message, stream: true,
    autoSelect: $('auto-select').checked,
    selectedChatModel: $('answer-model').value || undefined,
  };
  if (state.threadId) body.threadId = state.threadId;
  if (selectedOptionId) body.selectedOptionId = selectedOptionId;
  try {
    const response = await fetch('/api/chat', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(errorText(await response.json().catch(() => null), response.status));
    }
    let settled = false;
    await readEvents(response, (name, data) => {
      if (name === 'thread') setThread(data.threadId);
      else if (name === 'stage') progress.textContent = `Stage: ${data.name}`;
      else if (name === 'delta') text.textContent += data.text;
      else if (name === 'answer' || name === 'clarification' || name === 'capability_miss') {
        pending.replaceWith(renderMessage(data.reply));
        settled = true;
      } else if (name === 'error') {
        throw new Error(errorText({ error: data }, 500));
      }
    });
    if (!settled) throw new Error('The answer stopped before it was complete; try again.');
    await loadThreads();
  } catch (e) {
    // Nothing of a failed turn is kept: the message goes back into the box to be fixed.
    pending.remove();
    mine.remove();
    if (!selectedOptionId && !$('message').value) $('message').value = message;
    showError(e.message);
  } finally {
    progress.hidden = true;
    state.busy = false;
    $('send').disabled = false;
  }
}

function start() {
  $('composer').addEventListener('submit', (event) => {
    event.preventDefault();
    const box = $('message');
    const message = box.value;
    box.value = '';
    send(message);
  });
  $('message').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      $('composer').requestSubmit();
    }
  });
  $('new-thread').addEventListener('click', newThread);
  $('delete-thread').addEventListener('click', deleteThread);
  $('close-source').addEventListener('click', closeSource);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeSource();
  });
  window.addEventListener('error', (event) => showError(`Something went wrong: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) =>
    showError(`Something went wrong: ${event.reason && event.reason.message || event.reason}`));
  Promise.all([loadModels(), loadThreads()])
    .then(() => {
      const id = location.hash.slice(1);
      if (id) return openThread(id);
      return null;
    })
    .catch((e) => showError(e.message));
}

start();
