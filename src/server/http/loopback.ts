// The loopback addresses a student may type for an app running on their own computer. While PUBLIC_URL is
// unset the app is for this computer only, and all three spellings on the server's port are its own origin.
const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** True when the URL's host is one of this computer's loopback names. */
export function isLoopbackUrl(url: string): boolean {
  return URL.canParse(url) && (LOOPBACK_HOSTNAMES as readonly string[]).includes(new URL(url).hostname);
}

/** `http://localhost:PORT`, `http://127.0.0.1:PORT` and `http://[::1]:PORT`, as browsers write origins. */
export function loopbackOrigins(port: number): string[] {
  return LOOPBACK_HOSTNAMES.map((hostname) => new URL(`http://${hostname}:${port}`).origin);
}
