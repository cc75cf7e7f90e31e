/** The origin the renderer is served from inside Electron (a privileged custom scheme). */
export const appOrigin = 'app://cita';

/** Hosts the app may open in the system browser (card sources); everything else is refused. */
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
 * An external link may open only over https, to an allowlisted host compared exactly
 * (so `medlineplus.gov.attacker.com` and `attacker.com/medlineplus.gov` do not pass), with no credentials.
 */
export function isAllowedExternalUrl(url: string, allowlist: readonly string[] = externalHostAllowlist): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return false;
  return allowlist.includes(parsed.hostname.toLowerCase());
}

/** IPC is answered only for the app's own top frame. */
export function isTrustedSender(frameUrl: string | undefined, isMainFrame: boolean): boolean {
  return isMainFrame && frameUrl !== undefined && isAppUrl(frameUrl);
}
