/**
 * The renderer's Content-Security-Policy, the same in Electron and browser mode: only our own scripts,
 * no eval, no inline script, no plugins, no framing; fetch only to the origin that served the page.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');
