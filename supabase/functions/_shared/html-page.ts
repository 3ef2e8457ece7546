const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch])
}

/**
 * A small stand-alone page (what a link opened from a mail lands on). The body is trusted markup
 * built by the caller with `escapeHtml`; the page allows no scripts and posts forms only to itself.
 */
export function htmlPage(options: {
  title: string
  siteName: string
  body: string
  status?: number
}): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} · ${escapeHtml(options.siteName)}</title>
<style>
body{margin:0;background:#f6f7f9;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2937}
main{max-width:480px;margin:12vh auto;padding:32px;background:#fff;border:1px solid #e5e7eb;border-radius:8px}
h1{font-size:22px;margin:0 0 16px}p{line-height:1.6}
button,a.button{display:inline-block;background:#0f766e;color:#fff;border:0;border-radius:6px;padding:12px 22px;font-size:15px;font-weight:600;cursor:pointer;text-decoration:none}
button:focus-visible,a:focus-visible{outline:3px solid #134e4a;outline-offset:2px}
.site{color:#0f766e;font-weight:700;margin-bottom:24px}
</style>
</head>
<body><main><div class="site">${escapeHtml(options.siteName)}</div>
<h1>${escapeHtml(options.title)}</h1>
${options.body}
</main></body>
</html>
`
  return new Response(html, {
    status: options.status ?? 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  })
}
