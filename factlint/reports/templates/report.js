"use strict";
(function () {
  // All state lives in the URL fragment ("#view=claims&entity=X&sort=attribute&dir=desc"),
  // so a filtered, sorted view is a link that can be shared.
  const VIEWS = ["conflicts", "sources", "claims"];

  function readState() {
    return new URLSearchParams(location.hash.replace(/^#/, ""));
  }

  function writeState(state) {
    const text = state.toString();
    if (text !== location.hash.replace(/^#/, "")) {
      location.replace("#" + text); // replace: filtering should not flood the history
    }
  }

  function update(changes) {
    const state = readState();
    for (const [key, value] of Object.entries(changes)) {
      if (value) { state.set(key, value); } else { state.delete(key); }
    }
    writeState(state);
    apply(state);
  }

  function showView(name) {
    const view = VIEWS.includes(name) ? name : "conflicts";
    document.querySelectorAll("[data-view]").forEach((section) => {
      section.hidden = section.dataset.view !== view;
    });
    document.querySelectorAll("[data-view-link]").forEach((link) => {
      if (link.dataset.viewLink === view) { link.setAttribute("aria-current", "page"); }
      else { link.removeAttribute("aria-current"); }
    });
  }

  function matches(group, control) {
    const wanted = control.value;
    if (!wanted) { return true; }
    const have = group.dataset[control.name] || "";
    if (control.dataset.match === "text") { return have.includes(wanted.trim().toLowerCase()); }
    if (control.dataset.match === "list") { return have.split("\n").includes(wanted); }
    return have === wanted;
  }

  function filterTable(form, state) {
    const table = document.getElementById(form.dataset.filterFor);
    const prefix = form.dataset.prefix;
    const controls = Array.from(form.elements).filter((el) => el.name);
    for (const control of controls) {
      const value = state.get(prefix + control.name) || "";
      if (control.tagName === "SELECT" && value && !Array.from(control.options).some((o) => o.value === value)) {
        control.add(new Option(value, value)); // a shared link may name a value this run lacks
      }
      control.value = value;
    }
    let shown = 0;
    for (const group of table.tBodies) {
      const visible = controls.every((control) => matches(group, control));
      group.hidden = !visible;
      if (visible) { shown += 1; }
    }
    document.querySelectorAll('[data-shown-for="' + table.id + '"]').forEach((el) => { el.textContent = shown; });
    document.querySelectorAll('[data-empty-for="' + table.id + '"]').forEach((el) => { el.hidden = shown > 0; });
  }

  function compare(a, b) {
    const x = Number(a), y = Number(b);
    if (a !== "" && b !== "" && Number.isFinite(x) && Number.isFinite(y)) { return x - y; }
    return a.localeCompare(b, undefined, { numeric: true, sensitivity: "base" });
  }

  function sortKey(group, key) {
    const cell = group.rows[0].querySelector('[data-key="' + key + '"]');
    if (!cell) { return ""; }
    return cell.dataset.sort !== undefined ? cell.dataset.sort : cell.textContent.trim();
  }

  function sortTable(table, state) {
    const headers = table.tHead.querySelectorAll("th[data-key]");
    if (!headers.length) { return; }
    const prefix = headers[0].dataset.prefix;
    const key = state.get(prefix + "sort");
    const descending = state.get(prefix + "dir") === "desc";
    headers.forEach((th) => {
      th.setAttribute("aria-sort", th.dataset.key === key ? (descending ? "descending" : "ascending") : "none");
    });
    const groups = Array.from(table.tBodies);
    groups.forEach((group, index) => {
      if (group.dataset.order === undefined) { group.dataset.order = index; }
    });
    groups.sort((a, b) => {
      const order = key ? compare(sortKey(a, key), sortKey(b, key)) : 0;
      return (descending ? -order : order) || a.dataset.order - b.dataset.order;
    });
    groups.forEach((group) => table.appendChild(group));
  }

  function setOpen(button, open) {
    button.setAttribute("aria-expanded", open ? "true" : "false");
    document.getElementById(button.getAttribute("aria-controls")).hidden = !open;
  }

  function openLinked(anchor) {
    const group = anchor && document.getElementById(anchor);
    if (!group || !group.classList.contains("conflict")) { return; }
    const button = group.querySelector("button.toggle");
    if (button.getAttribute("aria-expanded") !== "true") {
      setOpen(button, true);
      group.scrollIntoView({ block: "start" });
    }
  }

  function apply(state) {
    showView(state.get("view"));
    document.querySelectorAll("form[data-filter-for]").forEach((form) => filterTable(form, state));
    document.querySelectorAll("table.data").forEach((table) => sortTable(table, state));
    openLinked(state.get("open"));
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest("a.skip-link")) {
      event.preventDefault(); // keep the filters in the fragment; just move the focus
      const nav = document.querySelector("[data-view-link][aria-current]");
      if (nav) { nav.focus(); }
      return;
    }
    const toggle = event.target.closest("button.toggle");
    if (toggle) {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      setOpen(toggle, open);
      const anchor = toggle.closest("tbody").id;
      const state = readState();
      if (open) { state.set("open", anchor); } else if (state.get("open") === anchor) { state.delete("open"); }
      writeState(state);
      return;
    }
    const sort = event.target.closest("button.sort");
    if (sort) {
      const th = sort.closest("th");
      const state = readState();
      const prefix = th.dataset.prefix;
      const again = state.get(prefix + "sort") === th.dataset.key && state.get(prefix + "dir") !== "desc";
      update({ [prefix + "sort"]: th.dataset.key, [prefix + "dir"]: again ? "desc" : "" });
    }
  });

  document.querySelectorAll("form[data-filter-for]").forEach((form) => {
    const prefix = form.dataset.prefix;
    const view = form.closest("[data-view]").dataset.view;
    const changed = () => {
      const changes = { view: view === "conflicts" ? "" : view };
      Array.from(form.elements).filter((el) => el.name).forEach((el) => { changes[prefix + el.name] = el.value; });
      update(changes);
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("reset", () => setTimeout(changed, 0));
  });

  // Printing shows every view; open every conflict's evidence for the printout too.
  let closedForPrint = [];
  window.addEventListener("beforeprint", () => {
    closedForPrint = Array.from(document.querySelectorAll('button.toggle[aria-expanded="false"]'));
    closedForPrint.forEach((button) => setOpen(button, true));
  });
  window.addEventListener("afterprint", () => closedForPrint.forEach((button) => setOpen(button, false)));

  // Evidence is open in the markup so that it shows without JavaScript; collapse it here.
  document.querySelectorAll("button.toggle").forEach((button) => setOpen(button, false));
  window.addEventListener("hashchange", () => apply(readState()));
  apply(readState());
})();
