/// The catalog page's HTML, rendered from a review: what ``MediatorLinkReview/html(title:)`` returns.
///
/// Self-contained by construction: the only markup is written here, every text from the app goes
/// through ``HTMLText``, QR codes are inline SVG, and the Content-Security-Policy allows no source
/// at all beyond the page's own inline style and script, so the page can make no request.
struct CatalogPage {
    let review: MediatorLinkReview
    let title: String

    /// The policy in the page's `<meta>`: nothing may load; inline style and script only.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
        + "base-uri 'none'; form-action 'none'"

    func render() -> String {
        let links = review.links
        let problemCount = review.entries.filter { !$0.problems.isEmpty }.count
        let exampleCount = review.entries.reduce(0) { $0 + $1.checks.count }
        let modules = Array(Set(review.entries.map(\.target))).sorted()
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(HTMLText.escaped(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>\(HTMLText.escaped(title))</h1>
            <p>Generated from the app's own route declarations. Every example below was opened in-process
            (no handler ran) and, for web links, matched against the association files as iOS and Android match them.
            Scan a QR code with a phone to open its link there.</p>
            <ul class="facts">
            <li>\(review.entries.count) actions, \(exampleCount) example links, <strong>\(problemCount) with problems</strong></li>
            <li>App schemes: \(links.schemes.isEmpty ? "none" : links.schemes.map { "<code>\(HTMLText.escaped($0.name))://</code>" }.joined(separator: ", "))</li>
            <li>Web hosts: \(links.webHosts.isEmpty ? "none" : links.webHosts.map { "<code>https://\(HTMLText.escaped($0))</code>" }.joined(separator: ", "))</li>
            <li>Snapshot: \(review.hasSnapshot ? "compared with the published links" : "none given, so no state is shown")</li>
            </ul>
            </header>
            <form id="filters" role="search" aria-label="Filter the links">
            <div><label for="search">Search</label>
            <input id="search" name="search" type="search" autocomplete="off" placeholder="action, path, parameter, link"></div>
            <div><label for="module">Module</label>
            <select id="module" name="module"><option value="">All modules</option>
            """
        for module in modules {
            html += "<option value=\"\(HTMLText.attribute(module))\">\(HTMLText.escaped(module))</option>"
        }
        html += """
            </select></div>
            <div><label for="status">Status</label>
            <select id="status" name="status"><option value="">Any status</option>
            <option value="ok">Opens as declared</option><option value="problem">Has problems</option>
            """
        for state in MediatorLinkReview.State.allCases where state != .unpublished {
            html += "<option value=\"\(state.rawValue)\">\(Self.stateText(state))</option>"
        }
        html += """
            </select></div>
            <p id="shown" role="status" aria-live="polite">\(review.entries.count) of \(review.entries.count) actions shown</p>
            </form>
            <main>

            """
        for module in modules {
            html += "<section class=\"module\" aria-labelledby=\"module-\(HTMLText.attribute(module))\">\n"
            html += "<h2 id=\"module-\(HTMLText.attribute(module))\">\(HTMLText.escaped(module))</h2>\n"
            for entry in review.entries where entry.target == module { html += article(entry) }
            html += "</section>\n"
        }
        html += """
            </main>
            <script>\(Self.script)</script>
            </body>
            </html>

            """
        return html
    }

    /// One action: heading and badges, patterns, parameters, examples with QR codes, problems.
    private func article(_ entry: MediatorLinkReview.Entry) -> String {
        let status = entry.problems.isEmpty ? "ok" : "problem"
        var searchable = [entry.label, entry.summary] + entry.routes.map(\.path) + entry.parameters.map(\.name)
        searchable += entry.checks.compactMap(\.example.url)
        var html = "<article class=\"action\" id=\"\(HTMLText.attribute(entry.label))\" "
        html += "data-module=\"\(HTMLText.attribute(entry.target))\" data-status=\"\(status)\" "
        html +=
            "data-state=\"\(entry.state.rawValue)\" data-text=\"\(HTMLText.attribute(searchable.joined(separator: " ").lowercased()))\">\n"
        html += "<h3>\(HTMLText.escaped(entry.label)) "
        html +=
            entry.problems.isEmpty
            ? "<span class=\"badge ok\">Opens as declared</span>" : "<span class=\"badge problem\">Has problems</span>"
        if entry.state != .unpublished {
            html += " <span class=\"badge state-\(entry.state.rawValue)\">\(Self.stateText(entry.state))</span>"
        }
        html += "</h3>\n"
        if !entry.summary.isEmpty { html += "<p class=\"summary\">\(HTMLText.escaped(entry.summary))</p>\n" }
        html += "<p class=\"exposure\">Exposure: <strong>remote</strong>: links from outside the app may open it.</p>\n"
        html += "<h4>URL patterns</h4>\n<ul class=\"routes\">\n"
        for route in entry.routes {
            html += "<li><code>\(HTMLText.escaped(route.path))</code> \(HTMLText.escaped(Self.reach(route)))</li>\n"
        }
        html += "</ul>\n"
        if entry.parameters.isEmpty {
            html += "<p>No parameters.</p>\n"
        } else {
            html += "<table>\n<caption>Parameters of \(HTMLText.escaped(entry.label))</caption>\n"
            html += "<thead><tr><th scope=\"col\">Name</th><th scope=\"col\">Type</th><th scope=\"col\">Required</th>"
            html += "<th scope=\"col\">Default</th><th scope=\"col\">Description</th></tr></thead>\n<tbody>\n"
            for parameter in entry.parameters {
                let type = parameter.type + (parameter.allowedValues.map { ": " + $0.joined(separator: ", ") } ?? "")
                html += "<tr><td><code>\(HTMLText.escaped(parameter.name))</code></td><td>\(HTMLText.escaped(type))</td>"
                html += "<td>\(parameter.required ? "yes" : "no")</td>"
                html += "<td>\(parameter.defaultValue.map { "<code>\(HTMLText.escaped($0))</code>" } ?? "")</td>"
                html += "<td>\(HTMLText.escaped(parameter.summary))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        if !entry.checks.isEmpty {
            html += "<h4>Example links</h4>\n<ul class=\"examples\">\n"
            for check in entry.checks { html += example(check) }
            html += "</ul>\n"
        }
        if !entry.changes.isEmpty {
            html += "<h4>Since the snapshot</h4>\n<ul class=\"changes\">\n"
            for change in entry.changes { html += "<li>\(HTMLText.escaped(change))</li>\n" }
            html += "</ul>\n"
        }
        if !entry.problems.isEmpty {
            html += "<h4>Problems</h4>\n<ul class=\"problems\">\n"
            for problem in entry.problems { html += "<li>\(HTMLText.escaped(problem))</li>\n" }
            html += "</ul>\n"
        }
        return html + "</article>\n"
    }

    /// One example: its QR code, the link to copy, and what opening it did.
    private func example(_ check: MediatorLinkReview.Check) -> String {
        guard let url = check.example.url else {
            return "<li class=\"example\"><p>The route <code>\(HTMLText.escaped(check.example.route.path))</code> "
                + "has no example: a parameter's type has no sample value.</p></li>\n"
        }
        var html = "<li class=\"example\">"
        if let code = try? MediatorQRCode(url, errorCorrection: .medium) {
            html += "<figure class=\"qr\">\(code.svg(moduleSize: 4, label: "QR code of \(url)"))</figure>"
        }
        html += "<div><code class=\"link\">\(HTMLText.escaped(url))</code><p>"
        if let reached = check.reached {
            html += "Opens <strong>\(HTMLText.escaped(reached))</strong>"
        } else {
            html += "Refused: <strong>\(HTMLText.escaped(check.refusal ?? "unknown"))</strong>"
        }
        if check.example.isWebLink {
            html +=
                check.claimedBy.isEmpty
                ? " · claimed by no association file"
                : " · claimed by " + check.claimedBy.map(HTMLText.escaped).joined(separator: " and ")
        } else {
            html += " · app-scheme link"
        }
        return html + "</p></div></li>\n"
    }

    private static func reach(_ route: MediatorLinks.Route) -> String {
        switch (route.kind, route.scheme) {
        case (.convention, _): "(the convention route, app schemes)"
        case (.pattern, .some(let scheme)): "(the \(scheme) scheme only)"
        case (.pattern, .none): "(app schemes and web links)"
        }
    }

    private static func stateText(_ state: MediatorLinkReview.State) -> String {
        switch state {
        case .unchanged: "Unchanged"
        case .added: "Added"
        case .changed: "Changed"
        case .removed: "Removed"
        case .unpublished: "No snapshot"
        }
    }

    /// Dark text on light backgrounds (contrast above 7:1 for text, badges bordered), and a print
    /// style that drops the controls and keeps each action on one page where it fits.
    static let style = """
        body{font:16px/1.5 system-ui,sans-serif;color:#111;background:#fff;margin:0 auto;max-width:72rem;padding:1rem}
        h1{font-size:1.8rem;margin:.5rem 0}h2{border-bottom:2px solid #333;margin-top:2rem}h3{margin:.25rem 0}
        code{font-family:ui-monospace,monospace;background:#f2f2f2;padding:0 .2em;word-break:break-all}
        form{display:flex;flex-wrap:wrap;gap:1rem;align-items:end;background:#f7f7f7;border:1px solid #666;padding:.75rem;position:sticky;top:0}
        label{display:block;font-weight:600}input,select{font:inherit;color:#111;background:#fff;border:1px solid #333;padding:.25rem}
        input:focus,select:focus{outline:3px solid #0b57d0;outline-offset:1px}
        .action{border:1px solid #999;border-radius:4px;padding:.75rem;margin:1rem 0;break-inside:avoid}
        .badge{font-size:.8rem;font-weight:600;border:1px solid #111;border-radius:3px;padding:0 .4em;margin-left:.3em}
        .ok{background:#d7f0d7}.problem{background:#fbd5d5}.state-added{background:#dbe8fb}.state-changed{background:#fbeec8}
        .state-removed{background:#eee}.state-unchanged{background:#fff}
        table{border-collapse:collapse;margin:.5rem 0}caption{text-align:left;font-weight:600}
        th,td{border:1px solid #999;padding:.2rem .5rem;text-align:left;vertical-align:top}
        .examples{list-style:none;padding:0}.example{display:flex;gap:1rem;align-items:center;margin:.5rem 0}
        .qr{margin:0}.problems li{color:#8a0000}
        [hidden]{display:none!important}
        @media print{form{display:none}body{max-width:none}.action{border-color:#000}a{color:#000}}
        """

    /// Filters by text, module and status; hides what does not match and says how many remain.
    /// Without script every action shows.
    static let script = """
        (function(){
        var q=document.getElementById('search'),m=document.getElementById('module'),s=document.getElementById('status');
        var rows=Array.prototype.slice.call(document.querySelectorAll('article.action'));
        var shown=document.getElementById('shown');
        document.getElementById('filters').addEventListener('submit',function(e){e.preventDefault();});
        function apply(){
        var words=q.value.toLowerCase().split(/\\s+/).filter(Boolean),count=0;
        rows.forEach(function(r){
        var ok=(!m.value||r.dataset.module===m.value)&&(!s.value||r.dataset.status===s.value||r.dataset.state===s.value)&&
        words.every(function(w){return r.dataset.text.indexOf(w)>=0;});
        r.hidden=!ok;if(ok)count++;});
        document.querySelectorAll('section.module').forEach(function(sec){
        sec.hidden=!sec.querySelector('article.action:not([hidden])');});
        shown.textContent=count+' of '+rows.length+' actions shown';}
        q.addEventListener('input',apply);m.addEventListener('change',apply);s.addEventListener('change',apply);apply();
        })();
        """
}
