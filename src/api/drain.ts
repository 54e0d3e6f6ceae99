/**
 * Reads an answer's body to its end when nobody needs it (a health probe, a beacon-like report, a
 * session renewal), so the request is finished and its connection free again. Chromium keeps a
 * request whose body is never read open: four unread telemetry answers (keepalive, 429,
 * `Cache-Control: no-store`) held four of the six connections to our origin, and the next
 * requests — the service worker's precache among them — waited for good.
 */
export async function drainBody(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // The connection broke while the body came: nothing left to free.
  }
}
