/// The HTML timeline's style sheet and script (``TimelinePage``), inline in every page: the page needs no network.
enum TimelineAssets {
  static let css = """
    :root { --label: 250px; --row: 30px; --axis: 40px; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto,
      "DejaVu Sans", sans-serif; color: #1f2937; }
    body { margin: 0; background: #f8fafc; }
    header.page { padding: 12px 20px; background: #111827; color: #f9fafb; }
    header.page h1 { margin: 0; font-size: 18px; }
    header.page p { margin: 4px 0 0; color: #d1d5db; }
    section.scenario { margin: 16px 20px; background: #fff; border: 1px solid #e5e7eb; border-radius: 6px; }
    section.scenario > h2 { margin: 0; padding: 10px 14px; font-size: 15px; border-bottom: 1px solid #e5e7eb; }
    .status { display: inline-block; padding: 1px 8px; margin-right: 8px; border-radius: 10px; font-size: 12px;
      color: #fff; background: #16a34a; }
    .fail .status { background: #dc2626; }
    .recorded .status { background: #475569; }
    .file { color: #6b7280; font-weight: normal; margin-left: 6px; }
    .failures { margin: 10px 14px; border: 1px solid #fecaca; background: #fef2f2; border-radius: 4px; }
    .failures h3 { margin: 0; padding: 6px 10px; font-size: 13px; color: #991b1b; }
    .failures table { border-collapse: collapse; width: 100%; }
    .failures td, .failures th { padding: 4px 10px; border-top: 1px solid #fecaca; text-align: left;
      vertical-align: top; font: 12px ui-monospace, "DejaVu Sans Mono", monospace; word-break: break-word; }
    .failures th { font-family: inherit; color: #7f1d1d; }
    .failures td.expected { color: #166534; } .failures td.actual { color: #991b1b; }
    .failures td:first-child, .failures td.where { white-space: nowrap; word-break: normal; }
    .timeline { overflow-x: auto; border-bottom: 1px solid #e5e7eb; }
    .canvas { position: relative; }
    .axis { position: relative; height: var(--axis); border-bottom: 1px solid #d1d5db; background: #f9fafb; }
    .axis .corner { position: sticky; left: 0; z-index: 4; width: var(--label); height: var(--axis);
      background: #f9fafb; border-right: 1px solid #d1d5db; box-sizing: border-box; padding: 4px 8px;
      color: #6b7280; font-size: 11px; }
    .band-label { position: absolute; top: 3px; font-size: 11px; color: #374151; text-align: center;
      cursor: pointer; white-space: nowrap; overflow: hidden; }
    .band-label.failed { color: #b91c1c; font-weight: bold; }
    .tick { position: absolute; bottom: 0; height: 10px; border-left: 1px solid #9ca3af; }
    .tick span { position: absolute; bottom: 10px; left: 2px; font-size: 10px; color: #6b7280; white-space: nowrap; }
    .rows { position: relative; }
    .band { position: absolute; top: 0; bottom: 0; border-left: 1px solid #eef2f7; }
    .band.odd { background: #f8fafc; }
    .band.failed { background: #fee2e2; }
    .band.chosen { background: #e0f2fe; outline: 1px solid #7dd3fc; }
    .band.failed.chosen { background: #fecaca; outline: 1px solid #f87171; }
    .group-row { position: relative; height: 20px; background: #f3f4f6; border-top: 1px solid #e5e7eb; }
    .group-row .row-label { font-weight: 600; color: #4b5563; background: #f3f4f6; height: 20px; line-height: 20px; }
    .row { position: relative; height: var(--row); border-top: 1px solid #f1f5f9; }
    .row-label { position: sticky; left: 0; z-index: 3; display: block; width: var(--label); height: var(--row);
      box-sizing: border-box; padding: 0 8px; line-height: var(--row); background: #fff; border-right: 1px solid
      #d1d5db; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-size: 12px; }
    .span { position: absolute; top: 17px; height: 11px; border-radius: 2px; font-size: 9px; line-height: 11px;
      color: #1f2937; padding: 0 4px; box-sizing: border-box; white-space: nowrap; overflow: hidden;
      text-overflow: clip; cursor: pointer; opacity: .85; }
    .span.appearance { background: #bfdbfe; } .span.transition { background: #fed7aa; }
    .span.gesture { background: #bbf7d0; } .span.deceleration { background: #99f6e4; }
    .span.animation { background: #e9d5ff; }
    .mark { position: absolute; top: 4px; width: 9px; height: 9px; transform: rotate(45deg); cursor: pointer;
      background: #2563eb; border: 1px solid #fff; z-index: 2; }
    .mark.scroll { background: #0d9488; } .mark.table { background: #7c3aed; }
    .mark.completion { background: #ea580c; } .mark.warning { background: #dc2626; }
    .mark.selected, .span.selected { outline: 2px solid #111827; }
    .legend { padding: 6px 14px; font-size: 11px; color: #4b5563; }
    .legend i { display: inline-block; width: 9px; height: 9px; margin: 0 4px 0 10px; vertical-align: -1px; }
    .details { margin: 0 14px 10px; padding: 8px 10px; min-height: 20px; background: #f9fafb; border: 1px solid
      #e5e7eb; border-radius: 4px; font-size: 12px; }
    .details pre { margin: 4px 0 0; white-space: pre-wrap; font: 11px ui-monospace, "DejaVu Sans Mono", monospace; }
    .lower { display: flex; gap: 14px; padding: 0 14px 14px; align-items: flex-start; }
    .steps { flex: 0 0 330px; max-height: 720px; overflow-y: auto; margin: 0; padding: 0; list-style: none;
      border: 1px solid #e5e7eb; border-radius: 4px; }
    .step { padding: 4px 8px; border-top: 1px solid #f1f5f9; cursor: pointer; font-size: 12px; }
    .step:first-child { border-top: none; }
    .step .count { float: right; color: #6b7280; }
    .step.failed { background: #fef2f2; color: #991b1b; }
    .step.chosen { background: #e0f2fe; }
    .chosen-step { flex: 1 1 auto; min-width: 0; }
    .chosen-step h3 { margin: 0 0 6px; font-size: 14px; }
    .chosen-step .calls { margin: 0 0 8px; font: 11px ui-monospace, "DejaVu Sans Mono", monospace; color: #374151;
      word-break: break-all; }
    .picker { margin-bottom: 8px; } .picker button { margin-right: 4px; }
    .wireframe { display: flex; flex-wrap: wrap; gap: 12px; }
    .wireframe figure { margin: 0; } .wireframe figcaption { font-size: 11px; color: #6b7280; }
    .wireframe svg { border: 1px solid #d1d5db; background: #fff; }
    .step-body { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
    .step-events { border-collapse: collapse; font-size: 12px; }
    .step-body h4 { margin: 0 0 4px; font-size: 12px; }
    .step-events td, .step-events th { padding: 2px 8px; border-top: 1px solid #f1f5f9; text-align: left; }
    """

  static let script = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("timeline-data").textContent);
      var LABEL = 250;
      function el(tag, attrs, text) {
        var node = document.createElement(tag);
        for (var key in attrs || {}) { node.setAttribute(key, attrs[key]); }
        if (text !== undefined && text !== null) { node.textContent = String(text); }
        return node;
      }
      function ms(t) { return (Math.round(t * 1000) / 1000) + " ms"; }
      function short(t) { return t >= 1000 ? (Math.round(t / 10) / 100) + " s" : (Math.round(t * 10) / 10) + " ms"; }
      var passed = data.scenarios.filter(function (s) { return s.passed; }).length;
      document.getElementById("summary").textContent = (data.recorded ? "a recorded session" : passed +
        " passed, " + (data.scenarios.length - passed) + " failed") +
        " · virtual time: a slot per event in order, gaps where the clock moved (labelled in ms)";
      var main = document.getElementById("scenarios");
      var views = data.scenarios.map(function (s, i) { return scenario(s, i); });
      var hash = /step=(\\d+)\\.(\\d+)/.exec(location.hash);
      views.forEach(function (view, i) {
        var s = data.scenarios[i];
        var chosen = s.steps.filter(function (step) { return step.failed; })[0] || s.steps[s.steps.length - 1];
        if (hash && Number(hash[1]) === i + 1) {
          chosen = s.steps.filter(function (step) { return step.n === Number(hash[2]); })[0] || chosen;
        }
        if (chosen) { view.choose(chosen.n); }
      });

      function scenario(s, index) {
        var section = el("section", { "class": "scenario " + (s.passed ? "pass" : "fail") +
          (data.recorded ? " recorded" : ""),
          "data-scenario": s.name, "data-status": s.passed ? "pass" : "fail", id: "scenario-" + (index + 1) });
        var title = el("h2");
        title.appendChild(el("span", { "class": "status" }, data.recorded ? "SESSION" : s.passed ? "PASS" : "FAIL"));
        title.appendChild(document.createTextNode(s.name));
        if (s.file) { title.appendChild(el("span", { "class": "file" }, s.file)); }
        section.appendChild(title);
        var stepsByNumber = {};
        s.steps.forEach(function (step) { stepsByNumber[step.n] = step; });
        var view = { bands: {}, items: {}, choose: null };
        if (s.failures.length) { section.appendChild(failures(s, view)); }
        var legend = el("div", { "class": "legend" }, "marks:");
        [["lifecycle", "#2563eb"], ["scroll", "#0d9488"], ["table", "#7c3aed"], ["completion", "#ea580c"],
          ["warning", "#dc2626"]].forEach(function (pair) {
          legend.appendChild(el("i", { style: "background:" + pair[1] }));
          legend.appendChild(document.createTextNode(pair[0]));
        });
        legend.appendChild(el("span", { style: "margin-left:18px" }, "bars:"));
        [["appearance", "#bfdbfe"], ["transition", "#fed7aa"], ["gesture", "#bbf7d0"], ["deceleration", "#99f6e4"],
          ["animation", "#e9d5ff"]].forEach(function (pair) {
          legend.appendChild(el("i", { style: "background:" + pair[1] }));
          legend.appendChild(document.createTextNode(pair[0]));
        });
        section.appendChild(legend);
        var scroller = el("div", { "class": "timeline" });
        var canvas = el("div", { "class": "canvas", style: "width:" + (LABEL + s.width) + "px" });
        var axis = el("div", { "class": "axis" });
        axis.appendChild(el("div", { "class": "corner" }, "step · virtual time"));
        var rows = el("div", { "class": "rows" });
        var lastLabel = -1e9;
        s.ticks.forEach(function (tick) {
          var mark = el("div", { "class": "tick", style: "left:" + (LABEL + tick.x - 4) + "px" });
          if (tick.x - lastLabel >= 64) { mark.appendChild(el("span", {}, short(tick.time))); lastLabel = tick.x; }
          axis.appendChild(mark);
        });
        s.steps.forEach(function (step, i) {
          var left = "left:" + (LABEL + step.x0) + "px;width:" + (step.x1 - step.x0) + "px";
          var band = el("div", { "class": "band" + (i % 2 ? " odd" : "") + (step.failed ? " failed" : ""),
            "data-step": step.n, style: left, title: "step " + step.n + ": " + step.title });
          rows.appendChild(band);
          view.bands[step.n] = band;
          var label = el("div", { "class": "band-label" + (step.failed ? " failed" : ""), style: left,
            title: "step " + step.n + ": " + step.title }, step.n);
          label.addEventListener("click", function () { view.choose(step.n); });
          axis.appendChild(label);
        });
        canvas.appendChild(axis);
        var details = el("div", { "class": "details" },
          "Click a mark or a bar for its event and the step that caused it; click a step for its wireframe.");
        var rowOf = [];
        s.groups.forEach(function (group) {
          var header = el("div", { "class": "group-row", "data-window": group.window === null ? "" : group.window });
          header.appendChild(el("span", { "class": "row-label" }, group.label));
          rows.appendChild(header);
          group.tracks.forEach(function (t) {
            var track = s.tracks[t];
            var row = el("div", { "class": "row", "data-track": track.id, "data-lane": track.lane,
              "data-kind": track.kind, "data-class": track["class"],
              "data-window": track.window === null ? "" : track.window });
            row.appendChild(el("span", { "class": "row-label", title: track.label }, track.label));
            rows.appendChild(row);
            rowOf[t] = row;
          });
        });
        function show(node, heading, item) {
          var old = section.querySelector(".selected");
          if (old) { old.classList.remove("selected"); }
          node.classList.add("selected");
          details.textContent = "";
          details.appendChild(el("strong", {}, heading));
          var step = stepsByNumber[item.step];
          if (step) {
            details.appendChild(document.createTextNode(" · caused by step " + step.n + ": " + step.calls.join("; ")));
          }
          details.appendChild(el("pre", {}, JSON.stringify(item.args, null, 1)));
        }
        s.spans.forEach(function (span) {
          var width = Math.max(span.x1 - span.x0, 4);
          var bar = el("div", { "class": "span " + span.cat, "data-span": span.name, "data-category": span.cat,
            style: "left:" + (LABEL + span.x0) + "px;width:" + width + "px",
            title: span.name + " · " + ms(span.start) + " → " + ms(span.end) }, width > 40 ? span.name : "");
          var request = span.args.endRequest !== undefined ? span.args.endRequest : span.args.request;
          var owner = s.marks.filter(function (m) { return m.request === request; })[0];
          bar.addEventListener("click", function () {
            show(bar, span.name + " (" + span.cat + ") " + ms(span.start) + " → " + ms(span.end),
              { step: owner ? owner.step : null, args: span.args });
          });
          rowOf[span.t].appendChild(bar);
        });
        s.marks.forEach(function (mark) {
          var step = stepsByNumber[mark.step];
          var attrs = { "class": "mark " + mark.cat, "data-event": mark.name, "data-category": mark.cat,
            "data-step": mark.step === null ? "" : mark.step, "data-request": JSON.stringify(mark.request),
            style: "left:" + (LABEL + mark.x - 5) + "px",
            title: mark.name + (mark.rule ? " " + mark.rule : "") + " · " + ms(mark.time) +
              (step ? " · step " + step.n + ": " + step.title : "") };
          if (mark.rule) { attrs["data-rule"] = mark.rule; }
          if (mark.seq !== null) { attrs["data-seq"] = mark.seq; }
          var node = el("div", attrs);
          node.addEventListener("click", function () {
            show(node, mark.name + (mark.rule ? " " + mark.rule : "") + " at " + ms(mark.time) + " on " +
              s.tracks[mark.t].label, mark);
          });
          rowOf[mark.t].appendChild(node);
        });
        canvas.appendChild(rows);
        scroller.appendChild(canvas);
        section.appendChild(scroller);
        view.scroller = scroller;
        section.appendChild(details);
        section.appendChild(lower(s, view));
        main.appendChild(section);
        return view;
      }

      function failures(s, view) {
        var box = el("div", { "class": "failures" });
        box.appendChild(el("h3", {}, s.failures.length + " failed expectation" + (s.failures.length > 1 ? "s" : "")));
        var table = el("table");
        var head = el("tr");
        ["step", "where", "expected", "actual"].forEach(function (h) { head.appendChild(el("th", {}, h)); });
        table.appendChild(head);
        s.failures.forEach(function (f) {
          var row = el("tr", { "class": "failure", "data-step": f.step === null ? "" : f.step });
          var cell = el("td", {}, f.step === null ? "(scenario)" : f.step + " " + f.method);
          if (f.step !== null) {
            cell.style.cursor = "pointer";
            cell.addEventListener("click", function () { view.choose(f.step); });
          }
          row.appendChild(cell);
          if (f.expected !== undefined) {
            row.appendChild(el("td", { "class": "where" }, f.where));
            row.appendChild(el("td", { "class": "expected" }, f.expected));
            row.appendChild(el("td", { "class": "actual" }, f.actual));
          } else {
            row.appendChild(el("td", { "class": "text", colspan: "3" }, f.text));
          }
          table.appendChild(row);
        });
        box.appendChild(table);
        return box;
      }

      function lower(s, view) {
        var box = el("div", { "class": "lower" });
        var list = el("ol", { "class": "steps" });
        var counts = {};
        s.marks.forEach(function (m) { counts[m.step] = (counts[m.step] || 0) + 1; });
        var items = {};
        s.steps.forEach(function (step) {
          var item = el("li", { "class": "step" + (step.failed ? " failed" : ""), "data-step": step.n });
          item.appendChild(el("span", { "class": "count" }, (counts[step.n] || 0) + " events"));
          item.appendChild(document.createTextNode(step.n + " " + step.title + (step.failed ? " ✗" : "")));
          item.addEventListener("click", function () { view.choose(step.n); });
          list.appendChild(item);
          items[step.n] = item;
        });
        box.appendChild(list);
        var panel = el("div", { "class": "chosen-step" });
        box.appendChild(panel);
        view.choose = function (n) {
          var step = s.steps.filter(function (x) { return x.n === n; })[0];
          if (!step) { return; }
          [view.bands, items].forEach(function (group) {
            for (var key in group) { group[key].classList.toggle("chosen", Number(key) === n); }
          });
          var track = view.scroller, visible = track ? track.clientWidth - LABEL : 0;
          if (track && visible > 0 && (step.x0 < track.scrollLeft || step.x1 > track.scrollLeft + visible)) {
            track.scrollLeft = Math.max(0, Math.min(step.x0 - 40, track.scrollWidth - track.clientWidth));
            track.setAttribute("data-scroll-left", track.scrollLeft);
          }
          panel.textContent = "";
          var picker = el("div", { "class": "picker" });
          var previous = el("button", { type: "button" }, "◀ previous step");
          var next = el("button", { type: "button" }, "next step ▶");
          previous.disabled = n <= s.steps[0].n;
          next.disabled = n >= s.steps[s.steps.length - 1].n;
          previous.addEventListener("click", function () { view.choose(n - 1); });
          next.addEventListener("click", function () { view.choose(n + 1); });
          picker.appendChild(previous);
          picker.appendChild(next);
          panel.appendChild(picker);
          panel.appendChild(el("h3", {}, "After step " + n + ": " + step.title + " (" + ms(step.start) + " → " +
            ms(step.end) + ")"));
          panel.appendChild(el("div", { "class": "calls" }, step.calls.join("\\n")));
          var frames = el("div", { "class": "wireframe", "data-wireframe-step": n });
          step.frames.forEach(function (frame) {
            var figure = el("figure", { "data-window": frame[0] });
            var caption = el("figcaption", {}, "window " + frame[0]);
            figure.appendChild(caption);
            var holder = el("div");
            holder.innerHTML = data.svgs[frame[1]];
            var svg = holder.querySelector("svg");
            if (svg) {
              var w = Number(svg.getAttribute("width")) || 390, h = Number(svg.getAttribute("height")) || 844;
              var scale = Math.min(1, 460 / h);
              var fit = function (full) {
                var k = full ? 1 : scale;
                svg.style.width = Math.round(w * k) + "px";
                svg.style.height = Math.round(h * k) + "px";
                figure.setAttribute("data-size", full ? "full" : "fitted");
                caption.textContent = "window " + frame[0] + (scale < 1 ? (full ? " · full size (click to fit)" :
                  " · drawn at " + Math.round(scale * 100) + " % (click for full size)") : "");
              };
              fit(false);
              if (scale < 1) {
                figure.style.cursor = "zoom-in";
                figure.addEventListener("click", function () {
                  var full = figure.getAttribute("data-size") !== "full";
                  fit(full);
                  figure.style.cursor = full ? "zoom-out" : "zoom-in";
                });
              }
            }
            figure.appendChild(holder);
            frames.appendChild(figure);
          });
          if (!step.frames.length) { frames.appendChild(el("p", {}, "No window to draw.")); }
          var body = el("div", { "class": "step-body" });
          body.appendChild(frames);
          var side = el("div");
          body.appendChild(side);
          panel.appendChild(body);
          var events = s.marks.filter(function (m) { return m.step === n; });
          var table = el("table", { "class": "step-events", "data-step": n });
          var head = el("tr");
          ["time", "object", "event", "rule"].forEach(function (h) { head.appendChild(el("th", {}, h)); });
          table.appendChild(head);
          events.forEach(function (m) {
            var row = el("tr", { "data-event": m.name });
            [ms(m.time), s.tracks[m.t].label, m.name, m.rule || ""].forEach(function (c) {
              row.appendChild(el("td", {}, c));
            });
            table.appendChild(row);
          });
          side.appendChild(el("h4", {}, events.length + " events caused by this step"));
          side.appendChild(table);
        };
        return box;
      }
    })();
    """
}
