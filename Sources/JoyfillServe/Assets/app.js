// jf serve's page: sends what the person does to the server and shows what comes back.
// Nothing of the engine is here: every value, formula result, visibility and validation mark
// is the server's. An edit becomes a change-API entry (or a row operation), one request at a
// time, the latest value of each input winning; the answer names the field containers whose
// HTML changed, and only those are replaced.
"use strict";

const state = {
  version: Number(document.body.dataset.version || 0),
  busy: false,
  // Edits waiting for the request in flight, by the input they came from: the latest wins.
  queue: new Map(),
  // When the edit being sent was made (performance.now()), for the update's timing.
  editStarted: 0,
  // Containers not replaced while their input was being typed in, by id: their new HTML
  // goes in when the focus leaves them.
  deferred: new Map(),
  // Row operations, undos and redos queued so far (each its own entry in the queue).
  operations: 0,
  // Whether the browser undid or redid typing in an input itself (see onHistoryKey).
  nativeHistory: false,
  // Each table's search waiting to be sent, by field.
  searches: new Map(),
};

// ---- Talking to the server

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-JF-Request": "1" },
    body: typeof body === "string" || body instanceof ArrayBuffer ? body : JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let answer;
  try {
    answer = await response.json();
  } catch (error) {
    answer = { error: { message: `the server answered ${response.status} without JSON` } };
  }
  if (!response.ok && !answer.error) answer.error = { message: `the server answered ${response.status}` };
  return answer;
}

function notice(message, kind) {
  const box = document.getElementById("notice");
  if (!message) {
    box.hidden = true;
    return;
  }
  box.textContent = message;
  box.className = kind || "error";
  box.hidden = false;
}

function errorText(error) {
  let text = error.message;
  if (error.field) text = `${error.field}: ${text}`;
  if (error.suggestion) text += ` (did you mean ${error.suggestion}?)`;
  return text;
}

// ---- Edits

// Sends the queued edits, one request each, until none is left.
async function flush() {
  if (state.busy) return;
  state.busy = true;
  try {
    while (state.queue.size > 0) {
      const [key, edit] = state.queue.entries().next().value;
      state.queue.delete(key);
      state.editStarted = edit.started;
      const answer = await api(edit.path || "/api/change", Object.assign({ version: state.version }, edit.request));
      if (answer.error) {
        notice(errorText(answer.error));
      } else {
        notice("");
        applyUpdate(answer, edit.path !== undefined);
        if (edit.then) edit.then();
      }
    }
  } finally {
    state.busy = false;
  }
}

// `then` runs once the edit's answer is on the page; `path` is the API it goes to, when not
// /api/change.
function enqueue(key, request, then, path) {
  state.queue.set(key, { request, started: performance.now(), then, path });
  flush();
}

// Undo or redo ("undo", "redo") the last change, behind the edits on their way.
function travel(direction) {
  if (document.getElementById(`${direction}-button`).disabled) return;
  enqueue(`${direction}-${++state.operations}`, {}, undefined, `/api/${direction}`);
}

// Ctrl-Z undoes, Ctrl-Shift-Z and Ctrl-Y redo, on the form. In an input holding text typed
// since it took the focus, the browser undoes that typing first (its edit is then sent as
// any other); when it has nothing to undo there, the document's last change is undone. The
// playground's formula, the find box and the dialogs keep the browser's own undo.
function onHistoryKey(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  if (key !== "z" && key !== "y") return;
  const direction = key === "y" || event.shiftKey ? "redo" : "undo";
  const target = event.target;
  if (target.closest && target.closest("#playground, dialog, #find-field")) return;
  const typed = target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && ["text", "number", "search", "email", "url", "tel"].includes(target.type));
  if (typed) {
    state.nativeHistory = false;
    setTimeout(() => {
      if (!state.nativeHistory) travel(direction);
    }, 0);
    return;
  }
  event.preventDefault();
  travel(direction);
}

function fieldUpdate(fieldId, value) {
  return { changes: [{ target: "field.update", fieldId, change: { value } }] };
}

// A cleared cell is removed from its row, so that it reads as a new row's empty cell does
// (its column's default: a cleared quantity reads 0, as in a row just added).
function rowUpdate(fieldId, rowId, column, value) {
  const cleared = value === null || value === "" || (Array.isArray(value) && value.length === 0);
  const change = cleared ? { rowId, clearCells: [column] } : { rowId, row: { cells: { [column]: value } } };
  return { changes: [{ target: "field.value.rowUpdate", fieldId, change }] };
}

// The value an input holds, as the field's type stores it.
function valueOf(input) {
  if (input.type === "number") return input.value === "" ? null : Number(input.value);
  return input.value;
}

function onEdit(event) {
  const input = event.target;
  if (!input.dataset) return;
  // A table's page by its number: shown when it changes.
  if (input.dataset.action === "tablePage") {
    if (event.type === "change") showRows(input.dataset.field, { page: Math.max(0, Number(input.value) - 1) });
    return;
  }
  if (input.dataset.action === "searchRows" || input.dataset.action === "searchColumn") {
    if ((event.type === "input") === (input.dataset.action === "searchRows")) searchRows(input);
    return;
  }
  // A multiSelect field or cell: its checkboxes are in a fieldset that names the field (and
  // the cell's row and column).
  if (input.type === "checkbox" && input.closest("fieldset.choices")) {
    if (event.type !== "change") return;
    const set = input.closest("fieldset.choices");
    const value = Array.from(set.querySelectorAll("input:checked"), (box) => box.value);
    const request = set.dataset.row ? rowUpdate(set.dataset.field, set.dataset.row, set.dataset.column, value) : fieldUpdate(set.dataset.field, value);
    enqueue(set.id, request);
    return;
  }
  // Files for an image or a file field: each read into a data: URL and added on its own.
  if (input.dataset.upload !== undefined) {
    if (event.type === "change") upload(input);
    return;
  }
  // A chart's point: its label, x or y, sent as it is typed.
  if (input.dataset.chart !== undefined) {
    if (event.type !== "input" || !input.dataset.point) return;
    if (input.type === "number" && input.value === "" && input.validity.badInput) return;
    const value = input.dataset.key === "label" ? input.value : input.value === "" ? null : Number(input.value);
    enqueue(input.id, { operation: "setPoint", field: input.dataset.chart, line: input.dataset.line, point: input.dataset.point,
      key: input.dataset.key, value });
    return;
  }
  // A date picked from the calendar goes into its date box, and is sent from there.
  if (input.classList.contains("picker")) {
    if (event.type === "change") pickDate(input);
    return;
  }
  const field = input.dataset.field;
  if (!field || input.id === "readonly") return;
  if (input.dataset.date !== undefined) {
    if (event.type === "change") editDate(input);
    return;
  }
  // Typing sends on every input event; a select or a checkbox on change.
  const typed = input.tagName === "TEXTAREA" || ["text", "number"].includes(input.type);
  if (event.type === "input" && !typed) return;
  if (event.type === "change" && typed) return;
  if (input.type === "number" && input.value === "" && input.validity.badInput) return;
  const value = valueOf(input);
  const request = input.dataset.row ? rowUpdate(field, input.dataset.row, input.dataset.column, value) : fieldUpdate(field, value);
  enqueue(input.id, request);
}

async function onClick(event) {
  const pick = event.target.closest("button.pick");
  if (pick) {
    const picker = document.querySelector(`input.picker[data-for="${CSS.escape(pick.dataset.pick)}"]`);
    if (picker) picker.showPicker();
    return;
  }
  const button = event.target.closest("button[data-action]");
  if (button) {
    const action = button.dataset.action;
    state.editStarted = performance.now();
    if (action === "tablePage") {
      await showRows(button.dataset.field, { page: Math.max(0, Number(button.dataset.page)) });
      return;
    } else if (action === "sortRows") {
      // Ascending, descending, then the document's order.
      const now = button.closest("th").getAttribute("aria-sort");
      const sort = now === "ascending" ? { column: button.dataset.column, descending: true }
        : now === "descending" ? null : { column: button.dataset.column, descending: false };
      await showRows(button.dataset.field, { sort });
      return;
    } else if (action === "sign") {
      openSignature(button.dataset.field, button.dataset.title, button.id);
      return;
    } else if (action === "unsign") {
      enqueue(`operation-${++state.operations}`, { operation: "sign", field: button.dataset.field, url: null });
      return;
    } else if (action === "removeFile") {
      enqueue(`operation-${++state.operations}`, { operation: "removeFile", field: button.dataset.field, file: button.dataset.file });
      return;
    } else if (action === "addPoint" || action === "removePoint") {
      const request = { operation: action, field: button.dataset.field, line: button.dataset.line };
      if (button.dataset.point) request.point = button.dataset.point;
      enqueue(`operation-${++state.operations}`, request);
      return;
    }
    // A row operation waits its turn behind the edits on their way, so that it names the
    // version of the form it was made in (an older one is not applied).
    const request = { operation: action, field: button.dataset.field };
    if (button.dataset.row) request.row = button.dataset.row;
    if (button.dataset.parent) request.parent = button.dataset.parent;
    if (button.dataset.schema && button.dataset.parent) request.schema = button.dataset.schema;
    enqueue(`operation-${++state.operations}`, request, () => keepFocus(button.dataset.field, button.dataset.row, action));
    return;
  }
  const tab = event.target.closest("button.page-tab");
  if (tab) showPage(tab.dataset.page);
}

// After a row button's operation the focus stays with the row: on the same button of the row
// (moved or duplicated), or for a deleted row on the row that took its place, else Add row.
function keepFocus(field, row, action) {
  if (!row || document.activeElement?.closest("#form")) return;
  const buttons = (id) => document.querySelector(`tr[data-row="${CSS.escape(id)}"]`)?.querySelectorAll("button[data-action]") || [];
  const mine = [...buttons(row)].filter((b) => !b.disabled);
  const same = mine.find((b) => b.dataset.action === action) || mine[0];
  if (same) {
    same.focus();
    return;
  }
  const table = document.querySelector(`[data-field="${CSS.escape(field)}"]`);
  const next = table?.querySelector("tr[data-row] button[data-action]") || table?.querySelector('button[data-action="insertRow"]');
  if (next) next.focus();
}

// Changes how a table shows its rows: `view` is `{page}`, `{sort}` or `{search, searchColumn}`.
// The table is replaced even while its search box is typed in, which keeps the focus.
async function showRows(field, view) {
  const answer = await api("/api/rows", Object.assign({ field }, view));
  if (answer.error) notice(errorText(answer.error));
  else {
    notice("");
    applyUpdate(answer, true);
  }
}

// A table's search: sent a moment after the typing stops, with the column it looks in.
function searchRows(input) {
  const field = input.dataset.field;
  clearTimeout(state.searches.get(field));
  state.searches.set(field, setTimeout(() => {
    const box = document.querySelector(`input[data-action="searchRows"][data-field="${CSS.escape(field)}"]`);
    const column = document.querySelector(`select[data-action="searchColumn"][data-field="${CSS.escape(field)}"]`);
    showRows(field, { search: box ? box.value : "", searchColumn: column && column.value ? column.value : null });
  }, 150));
}

// A field's title as its container shows it, without the marks beside it.
function fieldTitle(container) {
  return (container.querySelector(".title")?.textContent || "").replace(/[*ƒ]|not current/g, "").trim();
}

// Find a field by its title or id: its page is shown, and the focus goes to it.
function findField(text) {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return;
  const containers = [...document.querySelectorAll("#form .field")].filter((c) => !c.hidden);
  const name = (c) => fieldTitle(c).toLowerCase();
  const found = containers.find((c) => c.dataset.field.toLowerCase() === wanted || name(c) === wanted)
    || containers.find((c) => c.dataset.field.toLowerCase().includes(wanted) || name(c).includes(wanted));
  if (!found) {
    notice(`No field's title or id holds "${text.trim()}"`, "info");
    return;
  }
  notice("");
  const page = found.closest("section.page");
  if (page) showPage(page.id);
  const details = found.closest("details");
  if (details) details.open = true;
  found.scrollIntoView({ block: "center" });
  const target = found.querySelector("input:not([type=hidden]), select, textarea, button") || found;
  if (target === found) found.tabIndex = -1;
  target.focus();
}

// The choices the find box offers: every field's title and id.
function fillFindChoices() {
  const list = document.getElementById("find-choices");
  const seen = new Set();
  const options = [];
  for (const container of document.querySelectorAll("#form .field")) {
    for (const text of [container.dataset.field, fieldTitle(container)]) {
      if (!text || seen.has(text)) continue;
      seen.add(text);
      const option = document.createElement("option");
      option.value = text;
      options.push(option);
    }
  }
  list.replaceChildren(...options);
}

function showPage(id) {
  for (const tab of document.querySelectorAll("button.page-tab")) {
    if (tab.dataset.page === id) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  for (const page of document.querySelectorAll("section.page")) page.hidden = page.id !== id;
}

// ---- Files and signatures

const MAXIMUM_FILE_SIZE = 2 * 1024 * 1024;

// Adds the files chosen in `input` to its field, one request each (a file over the limit is
// said, and left out).
function upload(input) {
  const field = input.dataset.field;
  for (const file of Array.from(input.files)) {
    if (file.size > MAXIMUM_FILE_SIZE) {
      notice(`${file.name} is ${file.size} bytes, more than the 2 MiB (2097152 bytes) a file may be`);
      continue;
    }
    const reader = new FileReader();
    reader.addEventListener("load", () => {
      enqueue(`operation-${++state.operations}`, { operation: "addFiles", field, files: [{ fileName: file.name, url: reader.result }] });
    });
    reader.addEventListener("error", () => notice(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  }
  input.value = "";
}

// The signature pad: drawn with a pointer (mouse, pen, finger), or a typed name written in a
// handwriting face; stored as a PNG data: URL, as the SDKs store a signature.
const signing = { field: null, returnTo: null, inked: false, drawing: false };

function signPad() {
  return document.getElementById("sign-pad");
}

function clearSignPad() {
  const pad = signPad();
  pad.getContext("2d").clearRect(0, 0, pad.width, pad.height);
  signing.inked = false;
}

function openSignature(field, title, returnTo) {
  signing.field = field;
  signing.returnTo = returnTo;
  clearSignPad();
  document.getElementById("sign-typed").value = "";
  document.getElementById("sign-error").textContent = "";
  document.getElementById("sign-title").textContent = `Sign: ${title}`;
  document.getElementById("sign-dialog").showModal();
}

function padPoint(event) {
  const pad = signPad();
  const box = pad.getBoundingClientRect();
  return [(event.clientX - box.left) * pad.width / box.width, (event.clientY - box.top) * pad.height / box.height];
}

function wireSignPad() {
  const pad = signPad();
  const context = pad.getContext("2d");
  pad.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    pad.setPointerCapture(event.pointerId);
    if (document.getElementById("sign-typed").value) {
      document.getElementById("sign-typed").value = "";
      clearSignPad();
    }
    signing.drawing = true;
    context.lineWidth = 3;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#111";
    context.beginPath();
    context.moveTo(...padPoint(event));
  });
  pad.addEventListener("pointermove", (event) => {
    if (!signing.drawing) return;
    context.lineTo(...padPoint(event));
    context.stroke();
    signing.inked = true;
  });
  for (const type of ["pointerup", "pointercancel"]) pad.addEventListener(type, () => { signing.drawing = false; });
  document.getElementById("sign-typed").addEventListener("input", (event) => {
    clearSignPad();
    const name = event.target.value.trim();
    if (!name) return;
    context.fillStyle = "#111";
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.font = "italic 56px cursive";
    context.fillText(name, pad.width / 2, pad.height / 2, pad.width - 40);
    signing.inked = true;
  });
  document.getElementById("sign-clear").addEventListener("click", () => {
    document.getElementById("sign-typed").value = "";
    clearSignPad();
  });
  document.getElementById("sign-use").addEventListener("click", () => {
    if (!signing.inked) {
      document.getElementById("sign-error").textContent = "Draw a signature, or type your name, first.";
      return;
    }
    const url = signPad().toDataURL("image/png");
    document.getElementById("sign-dialog").close();
    enqueue(`operation-${++state.operations}`, { operation: "sign", field: signing.field, url }, () => {
      const back = document.getElementById(signing.returnTo);
      if (back) back.focus();
    });
  });
}

// ---- Dates
// A date box holds the date in its field's format (`data-date`), in its zone (`data-zone`:
// "UTC", a zone's name, or empty for the browser's); what is typed is read back the same way.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
  "November", "December"];
const DATE_TOKENS = /YYYY|YY|MMMM|MMM|MM|M|DD|D|HH|H|hh|h|mm|ss|a|A/g;

// The civil date and time of the instant `ms` in `zone`.
function dateParts(ms, zone) {
  const options = { hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" };
  if (zone) options.timeZone = zone;
  const parts = {};
  for (const part of new Intl.DateTimeFormat("en-US", options).formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  return parts;
}

// The instant of a civil date and time in `zone` (the offset read at the guess, then again
// at the result, which settles across a change of offset).
function instant(parts, zone) {
  const civil = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour || 0, parts.minute || 0, parts.second || 0);
  if (zone === "UTC") return civil;
  const offset = (ms) => {
    const p = dateParts(ms, zone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
  };
  const first = civil - offset(civil);
  return civil - offset(first);
}

const pad = (number, width) => String(number).padStart(width, "0");

// `ms` written in `format` in `zone`, token by token, as the server writes it.
function formatDate(ms, format, zone) {
  const p = dateParts(ms, zone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const text = {
    YYYY: pad(p.year, 4), YY: pad(p.year % 100, 2), MMMM: MONTHS[p.month - 1], MMM: MONTHS[p.month - 1].slice(0, 3),
    MM: pad(p.month, 2), M: String(p.month), DD: pad(p.day, 2), D: String(p.day), HH: pad(p.hour, 2), H: String(p.hour),
    hh: pad(hour12, 2), h: String(hour12), mm: pad(p.minute, 2), ss: pad(p.second, 2), a: p.hour < 12 ? "am" : "pm",
    A: p.hour < 12 ? "AM" : "PM",
  };
  return format.replace(DATE_TOKENS, (token) => text[token]);
}

// The civil date and time `text` gives in `format` (leading zeros, a month's name or its
// first three letters, and am/pm in either case taken; spaces loose), or in ISO form
// (2024-11-22, 2024-11-22 10:30); null when it is neither, or names no such day.
function parseDate(text, format) {
  const fields = [];
  let pattern = "";
  let last = 0;
  for (const match of format.matchAll(DATE_TOKENS)) {
    pattern += format.slice(last, match.index).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*");
    last = match.index + match[0].length;
    const token = match[0];
    fields.push(token);
    pattern += token === "YYYY" ? "(\\d{4})" : token === "MMMM" || token === "MMM" ? "([a-z]+)"
      : token === "a" || token === "A" ? "([ap]\\.?m\\.?)" : "(\\d{1,2})";
  }
  pattern += format.slice(last).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*");
  const parts = { hour: 0, minute: 0, second: 0 };
  let meridiem = null;
  const given = new RegExp(`^\\s*${pattern}\\s*$`, "i").exec(text);
  const iso = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?\s*$/.exec(text);
  if (given) {
    fields.forEach((token, index) => {
      const value = given[index + 1];
      if (token === "YYYY") parts.year = Number(value);
      else if (token === "YY") parts.year = 2000 + Number(value);
      else if (token === "MMMM" || token === "MMM") {
        parts.month = MONTHS.findIndex((name) => name.toLowerCase().startsWith(value.toLowerCase()) && value.length >= 3) + 1 || NaN;
      } else if (token === "MM" || token === "M") parts.month = Number(value);
      else if (token === "DD" || token === "D") parts.day = Number(value);
      else if (token === "HH" || token === "H") parts.hour = Number(value);
      else if (token === "hh" || token === "h") parts.hour = Number(value) % 12;
      else if (token === "mm") parts.minute = Number(value);
      else if (token === "ss") parts.second = Number(value);
      else meridiem = value[0].toLowerCase();
    });
    if (meridiem === "p") parts.hour += 12;
  } else if (iso) {
    [parts.year, parts.month, parts.day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (iso[4] !== undefined) [parts.hour, parts.minute] = [Number(iso[4]), Number(iso[5])];
  } else {
    return null;
  }
  const days = new Date(Date.UTC(parts.year, parts.month, 0)).getUTCDate();
  const ok = parts.year >= 1 && parts.month >= 1 && parts.month <= 12 && parts.day >= 1 && parts.day <= days
    && parts.hour < 24 && parts.minute < 60 && parts.second < 60;
  return ok ? parts : null;
}

// Sends a date box's text as its field's (or cell's) value: an instant, or null when
// emptied. Text that is no date in the format is marked, said, and not sent.
function editDate(input) {
  const text = input.value.trim();
  let value = null;
  if (text !== "") {
    const parts = parseDate(text, input.dataset.date);
    if (!parts) {
      input.setAttribute("aria-invalid", "true");
      notice(`${input.getAttribute("aria-label") || labelOf(input)}: “${text}” is not a date; write it as ${input.dataset.date}`);
      return;
    }
    value = instant(parts, input.dataset.zone);
  }
  input.removeAttribute("aria-invalid");
  notice("");
  sendDate(input, value);
}

function sendDate(input, value) {
  const field = input.dataset.field;
  const request = input.dataset.row ? rowUpdate(field, input.dataset.row, input.dataset.column, value) : fieldUpdate(field, value);
  enqueue(input.id, request);
}

function labelOf(input) {
  const label = input.labels && input.labels[0];
  return label ? label.textContent.replace(/\s*\*$/, "").trim() : input.id;
}

// A date picked from the browser's calendar: the civil date and time it gives, in the box's zone.
function pickDate(picker) {
  const input = document.getElementById(picker.dataset.for);
  if (!input) return;
  const parts = picker.value ? parseDate(picker.value.replace("T", " "), "YYYY-MM-DD") : null;
  const value = parts ? instant(parts, input.dataset.zone) : null;
  if (value !== null) input.value = formatDate(value, input.dataset.date, input.dataset.zone);
  else input.value = "";
  input.removeAttribute("aria-invalid");
  sendDate(input, value);
}

// Date boxes whose times are in the browser's zone: the server leaves them empty, with the
// instant in `data-ms`; written here, and the hint names the zone.
function fillDates(root) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const input of root.querySelectorAll('input[data-date][data-zone=""]')) {
    if (input.dataset.filled === "1" || input === document.activeElement) continue;
    input.dataset.filled = "1";
    const ms = input.dataset.ms === undefined ? null : Number(input.dataset.ms);
    if (ms !== null && Number.isFinite(ms)) {
      input.value = formatDate(ms, input.dataset.date, "");
      const picker = input.parentElement.querySelector("input.picker");
      const p = dateParts(ms, "");
      if (picker) picker.value = `${pad(p.year, 4)}-${pad(p.month, 2)}-${pad(p.day, 2)}T${pad(p.hour, 2)}:${pad(p.minute, 2)}`;
    }
    const hint = document.getElementById(`${input.id}-format`);
    if (hint && !hint.dataset.zone) {
      hint.dataset.zone = zone;
      hint.textContent = hint.textContent.replace("your time", `your time (${zone})`);
    }
    if (!input.title.includes(zone)) input.title = input.title.replace("your time", `your time (${zone})`);
  }
}

// ---- Updates from the server

function isEditing(container) {
  const active = document.activeElement;
  return active && container.contains(active) && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName);
}

// `whole`: the answer to an undo or redo, whose containers are replaced even while typed in
// (the input then shows the value it went back to, and keeps the focus).
function applyUpdate(answer, whole) {
  if (answer.reload) {
    loadForm();
    return;
  }
  state.version = answer.version;
  if (answer.warnings) notice(answer.warnings.join("\n"), "info");
  const active = document.activeElement;
  const focused = active && active.id;
  const caret = active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  // A search box keeps what was typed while its answer was on the way.
  const typed = active && active.dataset && active.dataset.action === "searchRows" ? active.value : null;
  for (const { id, html } of answer.replace || []) {
    const container = document.getElementById(id);
    if (!container) continue;
    state.deferred.delete(id);
    if (isEditing(container) && !whole) {
      state.deferred.set(id, html);
      // Keep the input being typed in (and its caret); take the rest of what changed now,
      // and the whole when the focus leaves it.
      const template = document.createElement("template");
      template.innerHTML = html;
      const fresh = template.content.firstElementChild;
      container.className = fresh.className;
      container.hidden = fresh.hidden;
      const messages = container.querySelector(".messages");
      const freshMessages = fresh.querySelector(".messages");
      if (messages && freshMessages) messages.innerHTML = freshMessages.innerHTML;
      const title = container.querySelector(".title");
      const freshTitle = fresh.querySelector(".title");
      if (title && freshTitle) title.innerHTML = freshTitle.innerHTML;
      // A chart whose points are typed in is drawn again as they change.
      const figure = container.querySelector("figure.chart");
      const freshFigure = fresh.querySelector("figure.chart");
      if (figure && freshFigure) figure.replaceWith(freshFigure);
      continue;
    }
    container.outerHTML = html;
  }
  for (const { id, hidden } of answer.pages || []) {
    const tab = document.getElementById(`tab-${id}`);
    if (tab) tab.hidden = hidden;
    if (hidden && tab && tab.getAttribute("aria-current") === "page") {
      const first = document.querySelector("button.page-tab:not([hidden])");
      if (first) showPage(first.dataset.page);
    }
  }
  if (whole && focused && document.activeElement !== document.getElementById(focused)) {
    const again = document.getElementById(focused);
    if (again) {
      if (typed !== null && again.value !== typed) {
        again.value = typed;
        searchRows(again);
      }
      again.focus();
      if (caret && typeof again.selectionStart === "number") again.setSelectionRange(caret[0], caret[1]);
    }
  }
  if (answer.status) showStatus(answer.status);
  // A row just added: the focus goes to its first input, so typing fills it.
  if (answer.focusRow) {
    const input = document.querySelector(`:is(input, select, textarea)[data-row="${CSS.escape(answer.focusRow)}"]`);
    if (input) input.focus();
  }
  if (answer.changelogs !== undefined) document.getElementById("changelog-count").textContent = answer.changelogs;
  // The time from the edit to the page showing its result, for the tests' measurement.
  if (state.editStarted) {
    document.body.dataset.lastUpdateMs = (performance.now() - state.editStarted).toFixed(2);
    document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
  }
  fillDates(document);
  refreshPlayground();
}

// The containers left as they were while typed in get their new HTML once the focus is
// elsewhere.
function applyDeferred() {
  for (const [id, html] of state.deferred) {
    const container = document.getElementById(id);
    if (!container) {
      state.deferred.delete(id);
    } else if (!isEditing(container)) {
      container.outerHTML = html;
      state.deferred.delete(id);
    }
  }
  fillDates(document);
}

function showStatus(status) {
  const box = document.getElementById("status");
  const parts = [];
  if (status.invalid > 0) parts.push(`${status.invalid} field${status.invalid === 1 ? "" : "s"} to complete`);
  if (status.failures > 0) parts.push(`${status.failures} formula error${status.failures === 1 ? "" : "s"}`);
  box.textContent = parts.length ? parts.join(", ") : "Valid";
  // A failed formula makes the form wrong, whatever its required fields say.
  box.className = `status ${status.valid && status.failures === 0 ? "valid" : "invalid"}`;
  showUnsaved(Boolean(status.unsaved));
  document.getElementById("undo-button").disabled = !status.undo;
  document.getElementById("redo-button").disabled = !status.redo;
}

// The mark of changes not saved to a file, which leaving the page warns about.
function showUnsaved(unsaved) {
  state.unsaved = unsaved;
  document.getElementById("unsaved").hidden = !unsaved;
}

async function loadForm() {
  showForm(await api("/api/form"));
}

function showForm(answer) {
  if (answer.error) {
    notice(errorText(answer.error));
    return;
  }
  state.version = answer.version;
  state.deferred.clear();
  document.getElementById("form").innerHTML = answer.form;
  document.getElementById("doc-title").textContent = answer.title;
  document.title = `${answer.title} · jf serve`;
  document.getElementById("doc-path").textContent = answer.path || "not saved to a file";
  document.getElementById("save-button").disabled = !answer.path;
  document.getElementById("readonly").checked = answer.readonly;
  const select = document.getElementById("deps-field");
  select.replaceChildren(new Option("", ""), ...answer.fields.map((id) => new Option(id, id)));
  document.getElementById("deps").replaceChildren();
  document.getElementById("examples").replaceChildren(new Option("Examples…", ""),
    ...(answer.examples || []).map((example) => new Option(example.label, example.formula)));
  showStatus(answer.status);
  fillDates(document);
  refreshPlayground();
}

// ---- The bar

async function toggleReadonly(event) {
  const answer = await api("/api/readonly", { readonly: event.target.checked });
  if (answer.error) notice(errorText(answer.error));
  else applyUpdate(answer);
}

async function save() {
  const answer = await api("/api/save", {});
  if (answer.error && answer.error.conflict) showSaveAs(answer.error.message);
  else if (answer.error) notice(errorText(answer.error));
  else {
    showUnsaved(false);
    notice(`Saved to ${answer.saved}`, "info");
  }
}

// Save as: a new file; after a refused Save (the file changed on disk), also reload.
function showSaveAs(conflict) {
  const message = document.getElementById("save-conflict");
  message.textContent = conflict || "";
  message.hidden = !conflict;
  document.getElementById("reload-button").hidden = !conflict;
  document.getElementById("save-error").textContent = "";
  document.getElementById("save-dialog").showModal();
}

async function saveAs() {
  const path = document.getElementById("save-path").value.trim();
  if (!path) return;
  const answer = await api("/api/save", { path });
  if (answer.error) {
    document.getElementById("save-error").textContent = errorText(answer.error);
    return;
  }
  document.getElementById("save-dialog").close();
  document.getElementById("doc-path").textContent = answer.path;
  document.getElementById("save-button").disabled = false;
  showUnsaved(false);
  notice(`Saved to ${answer.saved}`, "info");
}

async function reloadFromDisk() {
  const answer = await api("/api/reload", {});
  if (answer.error) {
    document.getElementById("save-error").textContent = errorText(answer.error);
    return;
  }
  document.getElementById("save-dialog").close();
  notice("");
  showForm(answer);
}

async function showChangelog() {
  const entries = await api("/api/changelog");
  document.getElementById("changelog").textContent = entries.length ? JSON.stringify(entries, null, 2) : "No changes yet.";
  document.getElementById("changelog-dialog").showModal();
}

async function openDocument(answerPromise) {
  const answer = await answerPromise;
  const error = document.getElementById("open-error");
  if (answer.error) {
    error.textContent = errorText(answer.error);
    return;
  }
  error.textContent = "";
  document.getElementById("open-dialog").close();
  notice("");
  showForm(answer);
}

// ---- The playground

// `text`: the formula the last answer is of; `tokens` and `marks`: its coloured words and
// underlined diagnostics, `{start, end, role}` and `{start, end, severity, diagnostic}` in
// UTF-16 offsets of the text in the box (kept in step with typing until the next answer).
const playground = { timer: 0, sequence: 0, suggestions: 0, completions: [], selected: -1, range: null,
  text: "", tokens: [], marks: [], hash: 0 };

function formulaBox() {
  return document.getElementById("formula");
}

function refreshPlayground() {
  if (formulaBox().value.trim() !== "") schedule(0);
}

function schedule(delay) {
  clearTimeout(playground.timer);
  playground.timer = setTimeout(analyse, delay);
}

async function analyse() {
  const box = formulaBox();
  const sequence = ++playground.sequence;
  const answer = await api("/api/playground", { formula: box.value, cursor: box.selectionStart });
  if (sequence !== playground.sequence) return; // a later keystroke's answer is coming
  if (answer.error) {
    notice(errorText(answer.error));
    return;
  }
  const value = document.getElementById("formula-value");
  value.textContent = answer.ok ? answer.value : "";
  value.className = answer.ok ? "ok" : "failed";
  document.getElementById("formula-type").textContent = answer.type ? `type: ${answer.type}` : "";
  const offset = byteOffsets(box.value);
  playground.text = box.value;
  playground.tokens = (answer.tokens || []).map(([start, end, role]) => ({ start: offset(start), end: offset(end), role }));
  showDiagnostics(box.value, answer.diagnostics, offset);
  document.getElementById("explain").textContent = answer.explain;
  showSignature(answer.signature);
  showReads(answer.reads || []);
}

// A function from the UTF-8 byte offsets of `text` (what the server counts) to its UTF-16
// offsets (what the box counts), made in one pass.
function byteOffsets(text) {
  const table = [0];
  let units = 0;
  for (const character of text) {
    const point = character.codePointAt(0);
    const bytes = point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
    units += character.length;
    for (let i = 0; i < bytes; i++) table.push(units);
  }
  return (byte) => table[Math.max(0, Math.min(byte, table.length - 1))];
}

// The box's text changed from `before` to `after`: tokens and marks before the change keep
// their place, those after it move with it, those it touched go until the next answer.
function shiftHighlights(before, after) {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix
    && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  const delta = after.length - before.length;
  const moved = (items) => items.flatMap((item) => item.end <= prefix ? [item]
    : item.start >= before.length - suffix ? [Object.assign({}, item, { start: item.start + delta, end: item.end + delta })] : []);
  playground.tokens = moved(playground.tokens);
  playground.marks = moved(playground.marks);
  playground.text = after;
}

// The copy of the text under the box: each word coloured by its role, diagnostics underlined,
// and the bracket at the caret with its match marked.
function renderHighlight() {
  const box = formulaBox();
  const text = box.value;
  if (playground.text !== text) shiftHighlights(playground.text, text);
  const role = new Array(text.length).fill("");
  for (const token of playground.tokens) for (let i = token.start; i < Math.min(token.end, text.length); i++) role[i] = token.role;
  const severity = new Array(text.length).fill("");
  for (const mark of playground.marks) {
    for (let i = mark.start; i < Math.min(Math.max(mark.end, mark.start + 1), text.length); i++) if (severity[i] !== "error") severity[i] = mark.severity;
  }
  const brackets = matchingBrackets(text, box.selectionStart, role);
  const highlight = document.getElementById("formula-highlight");
  highlight.replaceChildren();
  let start = 0;
  const classes = (i) => [role[i] && `tok-${role[i]}`, severity[i] && `diag-${severity[i]}`, brackets.get(i)].filter(Boolean).join(" ");
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && classes(i) === classes(start)) continue;
    const span = document.createElement("span");
    const name = classes(start);
    if (name) span.className = name;
    span.textContent = text.slice(start, i);
    highlight.append(span);
    start = i;
  }
  highlight.append("\n");
  highlight.scrollTop = box.scrollTop;
}

const OPENERS = { "(": ")", "[": "]", "{": "}" };
const CLOSERS = { ")": "(", "]": "[", "}": "{" };

// The bracket next to the caret (before it, else after it) and its match, as classes by
// offset: `bracket` for a pair, `bracket-unmatched` for one without. Brackets in strings
// (role `string`) are text, not brackets.
function matchingBrackets(text, caret, role) {
  const marks = new Map();
  const isBracket = (i) => i >= 0 && i < text.length && role[i] !== "string" && (OPENERS[text[i]] || CLOSERS[text[i]]);
  const at = isBracket(caret - 1) ? caret - 1 : isBracket(caret) ? caret : -1;
  if (at < 0) return marks;
  const forward = Boolean(OPENERS[text[at]]);
  let depth = 0;
  for (let i = at; forward ? i < text.length : i >= 0; i += forward ? 1 : -1) {
    if (!isBracket(i)) continue;
    const opens = forward ? OPENERS[text[i]] : CLOSERS[text[i]];
    depth += opens ? 1 : -1;
    if (depth === 0) {
      const pair = forward ? OPENERS[text[at]] === text[i] : CLOSERS[text[at]] === text[i];
      marks.set(at, pair ? "bracket" : "bracket-unmatched");
      if (pair) marks.set(i, "bracket");
      return marks;
    }
  }
  marks.set(at, "bracket-unmatched");
  return marks;
}

// The fields the formula reads, outlined on the form.
function showReads(names) {
  for (const container of document.querySelectorAll(".field.read-by-formula")) container.classList.remove("read-by-formula");
  for (const name of names) {
    for (const container of document.querySelectorAll(`.field[data-field="${CSS.escape(name)}"]`)) container.classList.add("read-by-formula");
  }
}

// Replaces the box's whole text as typing would, so that Ctrl-Z takes the change back.
function replaceFormula(text) {
  const box = formulaBox();
  box.focus();
  box.select();
  if (!document.execCommand("insertText", false, text)) box.setRangeText(text, 0, box.value.length, "end");
  schedule(0);
}

async function formatFormula() {
  const answer = await api("/api/format", { formula: formulaBox().value });
  if (answer.error) {
    notice(errorText(answer.error));
    return;
  }
  notice("");
  if (answer.formula !== formulaBox().value) replaceFormula(answer.formula);
}

// The formula in the page's address (`#formula=…`), so that the link shows it again.
function rememberFormula() {
  const text = formulaBox().value;
  const hash = text.trim() === "" ? "" : `#formula=${encodeURIComponent(text)}`;
  if (hash !== location.hash) history.replaceState(null, "", location.pathname + location.search + hash);
}

function formulaFromAddress() {
  const match = /^#formula=(.*)$/s.exec(location.hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch (error) {
    return null;
  }
}

// The diagnostic under the pointer (or, from the keyboard, at the caret): its message and fix
// in a tip by the box.
function diagnosticAt(offset) {
  return playground.marks.find((mark) => offset >= mark.start && offset < Math.max(mark.end, mark.start + 1));
}

function showTip(mark, x, y) {
  const tip = document.getElementById("formula-tip");
  if (!mark) {
    tip.hidden = true;
    tip.dataset.mark = "";
    return;
  }
  const key = `${mark.start}:${mark.end}:${mark.diagnostic.message}`;
  if (tip.dataset.mark !== key) {
    tip.dataset.mark = key;
    tip.replaceChildren();
    const message = document.createElement("p");
    message.textContent = `${mark.severity}[${mark.diagnostic.code}]: ${mark.diagnostic.message}`;
    tip.append(message);
    if (mark.diagnostic.fix) tip.append(fixButton(mark.diagnostic, formulaBox().value));
  }
  const editor = document.querySelector("#playground .editor").getBoundingClientRect();
  tip.style.left = `${Math.max(0, x - editor.left)}px`;
  tip.style.top = `${y - editor.top + 18}px`;
  tip.hidden = false;
}

function fixButton(diagnostic, formula) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = `Apply: ${diagnostic.fix.message}`;
  button.addEventListener("click", () => {
    showTip(null);
    replaceFormula(applyEdits(formula, diagnostic.fix.edits));
  });
  return button;
}

// The text offset under the pointer, read from the copy under the box.
function offsetAtPoint(x, y) {
  const box = formulaBox();
  box.style.pointerEvents = "none";
  const highlight = document.getElementById("formula-highlight");
  highlight.style.pointerEvents = "auto";
  const range = document.caretRangeFromPoint ? document.caretRangeFromPoint(x, y) : null;
  box.style.pointerEvents = "";
  highlight.style.pointerEvents = "";
  if (!range || !highlight.contains(range.startContainer)) return -1;
  let offset = 0;
  for (const span of highlight.childNodes) {
    if (span.contains(range.startContainer)) return offset + range.startOffset;
    offset += span.textContent.length;
  }
  return -1;
}

// The playground's diagnostics are `jf eval --json`'s error objects: their offsets count the
// formula's UTF-8 bytes, where the box counts UTF-16 units.
const utf8 = { encoder: new TextEncoder(), decoder: new TextDecoder() };

function utf16Offset(text, byteOffset) {
  return utf8.decoder.decode(utf8.encoder.encode(text).slice(0, byteOffset)).length;
}

// The formula with a fix's edits (byte ranges of the formula, which never overlap) applied.
function applyEdits(text, edits) {
  let bytes = utf8.encoder.encode(text);
  for (const edit of edits.slice().sort((a, b) => b.start - a.start)) {
    const replacement = utf8.encoder.encode(edit.replacement);
    const joined = new Uint8Array(edit.start + replacement.length + bytes.length - edit.end);
    joined.set(bytes.slice(0, edit.start), 0);
    joined.set(replacement, edit.start);
    joined.set(bytes.slice(edit.end), edit.start + replacement.length);
    bytes = joined;
  }
  return utf8.decoder.decode(bytes);
}

function showDiagnostics(formula, diagnostics, offset) {
  const list = document.getElementById("diagnostics");
  list.replaceChildren();
  if (diagnostics.length === 0 && formula.trim() !== "") {
    const none = document.createElement("li");
    none.className = "none";
    none.textContent = "No problems";
    list.append(none);
  }
  for (const diagnostic of diagnostics) {
    const item = document.createElement("li");
    item.className = diagnostic.severity;
    const where = document.createElement("span");
    where.className = "where";
    where.textContent = `${diagnostic.severity}[${diagnostic.code}] at ${diagnostic.span.line}:${diagnostic.span.column}: `;
    item.append(where, diagnostic.message);
    for (const note of diagnostic.notes || []) {
      const line = document.createElement("div");
      line.className = "note";
      line.textContent = `note: ${note}`;
      item.append(line);
    }
    if (diagnostic.fix) item.append(" ", fixButton(diagnostic, formula));
    list.append(item);
  }
  playground.marks = diagnostics.map((diagnostic) => ({
    severity: diagnostic.severity, start: offset(diagnostic.span.start), end: offset(diagnostic.span.end), diagnostic,
  }));
  renderHighlight();
}

function showSignature(signature) {
  const box = document.getElementById("signature");
  if (!signature) {
    box.hidden = true;
    return;
  }
  box.replaceChildren();
  const code = document.createElement("code");
  if (signature.parameter) {
    const { start, end } = signature.parameter;
    const strong = document.createElement("strong");
    strong.textContent = signature.label.slice(start, end);
    code.append(signature.label.slice(0, start), strong, signature.label.slice(end));
  } else {
    code.textContent = signature.label;
  }
  const summary = document.createElement("div");
  summary.textContent = signature.summary;
  box.append(code, summary);
  box.hidden = false;
}

// Ctrl-Space: the completions of the word before the cursor; a single one is inserted.
async function complete() {
  const sequence = ++playground.suggestions;
  const answer = await completions();
  if (!answer || sequence !== playground.suggestions) return;
  playground.range = [answer.from, answer.to];
  if (answer.items.length === 1) {
    insertCompletion(answer.items[0]);
    return;
  }
  showCompletions(answer.items);
}

// While typing: the list, shown and left to Tab, Enter or a click; nothing is inserted unasked.
async function suggest() {
  const sequence = ++playground.suggestions;
  const answer = await completions();
  if (!answer || sequence !== playground.suggestions) return;
  playground.range = [answer.from, answer.to];
  const box = formulaBox();
  const word = box.value.slice(answer.from, answer.to);
  // Nothing to offer when the name typed is already whole and the only one.
  if (answer.items.length === 1 && answer.items[0] === word) {
    closeCompletions();
    return;
  }
  showCompletions(answer.items);
}

async function completions() {
  const box = formulaBox();
  const answer = await api("/api/complete", { formula: box.value, cursor: box.selectionStart });
  if (answer.error || answer.items.length === 0) {
    closeCompletions();
    return null;
  }
  return answer;
}

function showCompletions(items) {
  playground.completions = items;
  playground.selected = 0;
  renderCompletions();
}

function renderCompletions() {
  const list = document.getElementById("completions");
  list.replaceChildren(...playground.completions.map((text, index) => {
    const item = document.createElement("li");
    item.setAttribute("role", "option");
    item.id = `completion-${index}`;
    item.textContent = text;
    item.setAttribute("aria-selected", String(index === playground.selected));
    item.addEventListener("mousedown", (event) => {
      event.preventDefault();
      insertCompletion(text);
    });
    return item;
  }));
  list.hidden = false;
  formulaBox().setAttribute("aria-activedescendant", `completion-${playground.selected}`);
}

function closeCompletions() {
  playground.completions = [];
  document.getElementById("completions").hidden = true;
  formulaBox().removeAttribute("aria-activedescendant");
}

function insertCompletion(text) {
  const box = formulaBox();
  const [from, to] = playground.range;
  box.setRangeText(text, from, to, "end");
  closeCompletions();
  box.focus();
  schedule(0);
}

function onFormulaKey(event) {
  const open = playground.completions.length > 0;
  // Tab takes the completion only while the list is open; otherwise it leaves the box, as
  // Tab does everywhere on the page. Ctrl-Space asks for completions.
  if (event.key === "Tab" && !event.shiftKey && open) {
    event.preventDefault();
    insertCompletion(playground.completions[playground.selected]);
    return;
  }
  if (event.key === " " && event.ctrlKey) {
    event.preventDefault();
    complete();
    return;
  }
  if (!open) return;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const count = playground.completions.length;
    playground.selected = (playground.selected + (event.key === "ArrowDown" ? 1 : count - 1)) % count;
    renderCompletions();
  } else if (event.key === "Enter") {
    event.preventDefault();
    insertCompletion(playground.completions[playground.selected]);
  } else if (event.key === "Escape") {
    closeCompletions();
  }
}

async function showDependencies(field) {
  const list = document.getElementById("deps");
  list.replaceChildren();
  if (!field) return;
  const answer = await api(`/api/deps?field=${encodeURIComponent(field)}`);
  if (answer.error) {
    notice(errorText(answer.error));
    return;
  }
  const rows = [
    ["Formula", answer.formula.length ? answer.formula : ["none"], false],
    ["Reads", answer.reads, true],
    ["Depends on", answer.dependsOn, true],
    ["Read by", answer.readBy, true],
    ["A change recomputes", answer.recomputes, true],
  ];
  if (answer.cycle.length) rows.push(["On a cycle", [answer.cycle.join(" → ")], false]);
  if (answer.dependsOnCycle) rows.push(["Depends on a cycle", ["yes"], false]);
  for (const [title, items, linked] of rows) {
    const term = document.createElement("dt");
    term.textContent = title;
    const detail = document.createElement("dd");
    if (items.length === 0) detail.textContent = "nothing";
    for (const item of items) {
      if (linked && document.querySelector(`#deps-field option[value="${CSS.escape(item)}"]`)) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.textContent = item;
        button.addEventListener("click", () => {
          document.getElementById("deps-field").value = item;
          showDependencies(item);
        });
        detail.append(button, " ");
      } else {
        const code = document.createElement("code");
        code.textContent = item;
        detail.append(code, " ");
      }
    }
    list.append(term, detail);
  }
}

// ---- Wiring

document.addEventListener("DOMContentLoaded", () => {
  // The token came in the URL once; the server has put it in a cookie, so it leaves the
  // address bar (and the history, and what a screenshot or a shared link shows).
  if (new URLSearchParams(location.search).has("token")) history.replaceState(null, "", location.pathname + location.hash);
  const form = document.getElementById("form");
  form.addEventListener("input", onEdit);
  form.addEventListener("change", onEdit);
  form.addEventListener("click", onClick);
  form.addEventListener("focusout", () => setTimeout(applyDeferred, 0));
  document.getElementById("readonly").addEventListener("change", toggleReadonly);
  document.getElementById("save-button").addEventListener("click", save);
  document.getElementById("save-as-button").addEventListener("click", () => showSaveAs(""));
  document.getElementById("save-path-button").addEventListener("click", saveAs);
  document.getElementById("reload-button").addEventListener("click", reloadFromDisk);
  document.getElementById("changelog-button").addEventListener("click", showChangelog);
  wireSignPad();
  document.getElementById("undo-button").addEventListener("click", () => travel("undo"));
  document.getElementById("redo-button").addEventListener("click", () => travel("redo"));
  document.addEventListener("keydown", onHistoryKey);
  document.addEventListener("beforeinput", (event) => {
    if (event.inputType === "historyUndo" || event.inputType === "historyRedo") state.nativeHistory = true;
  }, true);
  document.getElementById("open-button").addEventListener("click", () => document.getElementById("open-dialog").showModal());
  for (const button of document.querySelectorAll("dialog [data-close]")) {
    button.addEventListener("click", () => button.closest("dialog").close());
  }
  document.getElementById("open-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) openDocument(api("/api/open", await file.arrayBuffer()));
  });
  document.getElementById("open-path-button").addEventListener("click", () => {
    const path = document.getElementById("open-path").value.trim();
    if (path) openDocument(api(`/api/open?path=${encodeURIComponent(path)}`, ""));
  });
  const box = formulaBox();
  box.addEventListener("input", (event) => {
    schedule(150);
    // Completion while typing: the list follows the name being typed, and closes after
    // anything else (a space, an operator, a deletion down to nothing).
    // A list shown is for the text before this keystroke: it goes at once, so that Tab never
    // takes a completion of a word that has changed since.
    closeCompletions();
    const typed = event.data || "";
    if (event.inputType === "insertText" && /^[\p{L}\p{N}_.]+$/u.test(typed)) suggest();
    else playground.suggestions++;
  });
  box.addEventListener("keydown", onFormulaKey);
  box.addEventListener("click", () => schedule(0));
  box.addEventListener("scroll", () => {
    document.getElementById("formula-highlight").scrollTop = box.scrollTop;
  });
  // Colours and marks follow the text at once; the bracket at the caret, and the diagnostic
  // there (for the keyboard), as the caret moves.
  box.addEventListener("input", () => {
    renderHighlight();
    rememberFormula();
  });
  for (const type of ["keyup", "click", "focus"]) {
    box.addEventListener(type, (event) => {
      if (type === "keyup" && !event.key.startsWith("Arrow") && !["Home", "End", "PageUp", "PageDown"].includes(event.key)) return;
      renderHighlight();
      const mark = diagnosticAt(box.selectionStart);
      const editor = document.querySelector("#playground .editor").getBoundingClientRect();
      if (type !== "click") showTip(mark, editor.left + 8, editor.bottom - 12);
    });
  }
  box.addEventListener("mousemove", (event) => {
    const offset = offsetAtPoint(event.clientX, event.clientY);
    showTip(offset >= 0 ? diagnosticAt(offset) : null, event.clientX, event.clientY);
  });
  box.addEventListener("mouseleave", (event) => {
    if (!document.getElementById("formula-tip").contains(event.relatedTarget)) showTip(null);
  });
  document.getElementById("formula-tip").addEventListener("mouseleave", () => showTip(null));
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape") showTip(null);
  });
  document.getElementById("format-button").addEventListener("click", formatFormula);
  document.getElementById("share-button").addEventListener("click", async () => {
    rememberFormula();
    try {
      await navigator.clipboard.writeText(location.href);
      notice("The link is copied: it opens this page with the formula in it.", "info");
    } catch (error) {
      notice(`Copy this link: ${location.href}`, "info");
    }
  });
  document.getElementById("examples").addEventListener("change", (event) => {
    if (!event.target.value) return;
    replaceFormula(event.target.value);
    event.target.value = "";
  });
  const remembered = formulaFromAddress();
  if (remembered !== null) {
    box.value = remembered;
    renderHighlight();
    schedule(0);
  }
  document.getElementById("deps-field").addEventListener("change", (event) => showDependencies(event.target.value));
  const find = document.getElementById("find-field");
  find.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      findField(find.value);
    }
  });
  find.addEventListener("change", () => findField(find.value));
  find.addEventListener("focus", fillFindChoices);
  state.unsaved = !document.getElementById("unsaved").hidden;
  // Leaving (closing the tab, reloading, following a link) with unsaved changes asks first.
  window.addEventListener("beforeunload", (event) => {
    if (!state.unsaved) return;
    event.preventDefault();
    event.returnValue = "";
  });
  fillDates(document);
  // When the page could be used, from the start of its navigation: what the serve benchmark reads.
  document.body.dataset.readyMs = performance.now().toFixed(1);
  document.body.dataset.ready = "1";
});
