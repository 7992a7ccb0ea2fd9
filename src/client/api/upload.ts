import { ApiError, NO_ANSWER, reportReachability, toApiError, withDefaultHeaders } from './http';

/**
 * Sends a multipart form, reporting the share of bytes sent (0–1) as they go: `fetch` cannot
 * report upload progress, XMLHttpRequest can. Errors come back as ApiError, like `api()`.
 */
export function uploadForm<T>(
  method: string,
  path: string,
  form: FormData,
  onProgress: ((sent: number) => void) | undefined,
  headers: Record<string, string>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(withDefaultHeaders(headers))) {
      request.setRequestHeader(name, value);
    }
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => {
      reportReachability(false);
      reject(new ApiError(0, 'NETWORK', NO_ANSWER));
    };
    request.onload = () => {
      reportReachability(request.status < 500);
      let data: unknown = null;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        // not JSON: a proxy's error page
      }
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(toApiError(request.status, data));
    };
    request.send(form);
  });
}
