/** The origin the renderer is served from inside Electron (a privileged custom scheme). */
export const appOrigin = 'app://cita';

/** Hosts the app may open in the system browser (card and manual sources); everything else is refused. */
export const externalHostAllowlist = [
  'medlineplus.gov',
  'dailymed.nlm.nih.gov',
  'www.fda.gov',
  'www.who.int',
  'store.samhsa.gov',
  'www.niddk.nih.gov',
  'www.nimh.nih.gov',
  'www.nia.nih.gov',
  'www.ahrq.gov',
  // the shipped manuals (kb/manuals/README.md)
  'pages.nist.gov',
  'handbook.tts.gsa.gov',
  'www.sqlite.org',
] as const;

/** In-window navigation is allowed only within the app itself. */
export function isAppUrl(url: string): boolean {
  try {
    // URL.origin is "null" for custom schemes, so compare scheme and host.
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === appOrigin;
  } catch {
    return false;
  }
}

/**
 * The URL to hand to the system browser, or null: only https, to an allowlisted host compared exactly (so
 * `medlineplus.gov.attacker.com` and `attacker.com/medlineplus.gov` do not pass), with no credentials or port. The
 * answer is the URL as parsed (`href`), never the raw text: a browser or OS handler that reads
 * `https://www.fda.gov\@evil.com` differently from WHATWG's parser (which makes the backslash a slash) then gets
 * `https://www.fda.gov/@evil.com`, the URL that was checked.
 */
export function allowedExternalUrl(url: string, allowlist: readonly string[] = externalHostAllowlist): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return null;
  return allowlist.includes(parsed.hostname.toLowerCase()) ? parsed.href : null;
}

/** Whether an external link may open (see allowedExternalUrl). */
export function isAllowedExternalUrl(url: string, allowlist: readonly string[] = externalHostAllowlist): boolean {
  return allowedExternalUrl(url, allowlist) !== null;
}

/** IPC is answered only for the app's own top frame. */
export function isTrustedSender(frameUrl: string | undefined, isMainFrame: boolean): boolean {
  return isMainFrame && frameUrl !== undefined && isAppUrl(frameUrl);
}
