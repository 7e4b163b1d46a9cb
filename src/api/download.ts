// Downloads a file from the API as a Blob (the operator's CSV exports): fetched with headers, so a token
// travels in `authorization` and never in a URL, browser history or server log.
import { ApiError } from './errors.ts';

export async function downloadBlob(path: string, headers: Record<string, string>): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError({ status: 0, code: 'network', message: `Could not reach the server: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError({ status: response.status, code: body?.code ?? `http_${response.status}`, message: body?.error ?? `The download failed with status ${response.status}.` });
  }
  return response.blob();
}

