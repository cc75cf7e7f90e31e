/**
 * Where an API key (or a private diary context) may be sent. One policy for the cloud embedders and the language
 * models: https to any host, plain http only to this machine (loopback), never a URL with credentials in it, and a
 * key only to the endpoint it was configured with (so whoever may change settings cannot redirect a key).
 */

/** True for names and addresses that never leave this machine: localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** The endpoint as cita compares it: scheme, host, port (default elided) and path without trailing slashes; null when not a usable URL. */
export function normaliseEndpoint(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username !== '' || parsed.password !== '' || parsed.search !== '' || parsed.hash !== '') return null;
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
}

/**
 * Why `url` may not receive a key or private data, as a clause for a notice ("… is refused: <why>"), or null when
 * it may. `label` names where the URL came from (a setting or an environment variable).
 */
export function endpointProblem(url: string, label: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `${label} is not a URL`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `${label} must start with https:// (or http:// for this machine)`;
  if (parsed.username !== '' || parsed.password !== '') return `${label} must not hold a user name or password`;
  if (parsed.search !== '' || parsed.hash !== '') return `${label} must not hold a query or fragment`;
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    return `${label} uses plain http to another machine (${parsed.host}); use https, or http only for 127.0.0.1 or localhost`;
  }
  return null;
}

/** Whether two URLs name the same endpoint (after normalising both); false when either is not usable. */
export function sameEndpoint(left: string, right: string): boolean {
  const a = normaliseEndpoint(left);
  return a !== null && a === normaliseEndpoint(right);
}
