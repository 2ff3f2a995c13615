// zodiac serve: follow the project as it is saved. Asks the server for the project's
// version three times a second; when it changed, refreshes the problems and the page
// shown (keeping its scroll), or reloads the index. Builds the DOM with textContent only.
(function () {
  "use strict";
  var version = document.body.dataset.version;
  var frame = document.getElementById("print");
  var status = document.getElementById("status");

  function showProblems(data) {
    var box = document.getElementById("problems");
    var list = document.getElementById("problem-list");
    var count = document.getElementById("problem-count");
    list.textContent = "";
    data.problems.forEach(function (p) {
      var li = document.createElement("li");
      li.className = p.severity;
      var where = document.createElement("code");
      where.className = "where";
      where.textContent = p.where;
      var sev = document.createElement("span");
      sev.className = "sev";
      sev.textContent = p.severity;
      var code = document.createElement("code");
      code.textContent = p.code;
      li.append(where, " ", sev, " ", code, " " + p.message);
      if (p.rule) {
        var rule = document.createElement("span");
        rule.className = "rule";
        rule.textContent = " (" + p.rule + ")";
        li.append(rule);
      }
      list.append(li);
    });
    count.textContent = data.counts.errors + " error(s), " + data.counts.warnings + " warning(s)";
    box.classList.toggle("empty", data.problems.length === 0);
  }

  function reloadFrame() {
    var x = 0, y = 0;
    try { x = frame.contentWindow.scrollX; y = frame.contentWindow.scrollY; } catch (e) {}
    frame.addEventListener("load", function () {
      try { frame.contentWindow.scrollTo(x, y); } catch (e) {}
    }, { once: true });
    var url = new URL(frame.getAttribute("src"), location.href);
    url.searchParams.set("v", version);
    frame.setAttribute("src", url.pathname + url.search);
  }

  function changed() {
    if (!frame) { location.reload(); return Promise.resolve(); }
    return fetch("/_/problems", { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (data) { showProblems(data); reloadFrame(); });
  }

  function tick() {
    fetch("/_/state", { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (s) {
        status.textContent = "live";
        status.classList.remove("off");
        if (String(s.version) !== version) {
          version = String(s.version);
          return changed();
        }
      })
      .catch(function () {
        status.textContent = "server stopped";
        status.classList.add("off");
      })
      .then(function () { setTimeout(tick, 300); });
  }
  setTimeout(tick, 300);
}());
