// The edit loop's proxy in front of the server (scripts/dev.mjs): it adds the
// reload script to every HTML page (with the page's own CSP nonce, so the
// server's CSP stays as strict as in production), turns off caching, so a
// reload always sees the new files, and holds the tabs' reload stream.
import http from "node:http";

const RELOAD_JS = `new EventSource('/__dev/events').onmessage = () => location.reload();`;

// A request handler forwarding to 127.0.0.1:`serverPort`; open reload
// streams are kept in `clients`.
export function devProxy(serverPort, clients) {
  return function proxy(req, res) {
    if (req.url === "/__dev/events") {
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
      });
      res.write(": connected\n\n");
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    const headers = { ...req.headers, "accept-encoding": "identity" };
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: serverPort,
        path: req.url,
        method: req.method,
        headers,
      },
      (up) => {
        const out = { ...up.headers, "cache-control": "no-store" };
        if (!String(up.headers["content-type"] || "").startsWith("text/html")) {
          res.writeHead(up.statusCode, out);
          return up.pipe(res);
        }
        const chunks = [];
        up.on("data", (c) => chunks.push(c));
        up.on("end", () => {
          const nonce = /'nonce-([^']+)'/.exec(
            String(up.headers["content-security-policy"] || ""),
          )?.[1];
          const tag = `<script${nonce ? ` nonce="${nonce}"` : ""}>${RELOAD_JS}</script>`;
          const html = Buffer.concat(chunks)
            .toString("utf8")
            .replace("</body>", `${tag}</body>`);
          delete out["content-length"];
          res.writeHead(up.statusCode, out);
          res.end(html);
        });
      },
    );
    upstream.on("error", () => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end("dev: the server is restarting, reload in a moment");
    });
    req.pipe(upstream);
  };
}
