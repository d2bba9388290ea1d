/** The page of an address with nothing to show (the edge's own 404, the API's for a missing written page): it leads home; its title, heading and line are plain text. */
export function notFoundPage(title: string, heading: string, line: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${title} · Creator News Hub</title></head>` +
    '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">' +
    '<p><a href="/" style="font-weight:700;text-decoration:none">Creator News Hub</a></p>' +
    `<h1>${heading}</h1><p>${line}</p><p><a href="/">Return to Home</a></p></body></html>`
  );
}
