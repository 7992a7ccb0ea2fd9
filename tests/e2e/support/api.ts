import { expect, type APIRequestContext } from '@playwright/test';

/** Writes through the API as the user whose cookies `request` carries, as the browser would send it. */
export function apiClient(request: APIRequestContext, baseURL: string) {
  async function send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const response = await request.fetch(`${baseURL}${path}`, { method, data, headers: { origin: baseURL } });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  }
  return {
    post: <T = { id: string }>(path: string, data: unknown) => send<T>('POST', path, data),
    patch: <T = { id: string }>(path: string, data: unknown) => send<T>('PATCH', path, data),
    delete: (path: string) => send<void>('DELETE', path),
  };
}

/** A property with two tasks on it, and a visit tomorrow with both tasks. */
export async function propertyWithVisit(request: APIRequestContext, baseURL: string, name = 'Harbour House') {
  const api = apiClient(request, baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const property = await api.post('/api/properties', {
    name: `${name} ${suffix}`,
    address: '12 Quay Road',
    city: 'Portsmouth',
  });
  const tasks = [];
  for (const [taskName, price] of [
    [`Check boiler ${suffix}`, 4000],
    [`Clean gutters ${suffix}`, 6000],
  ] as const) {
    const task = await api.post('/api/tasks', { name: taskName, estimatedDurationMinutes: 30, defaultPrice: price });
    await api.post(`/api/properties/${property.id}/tasks`, { taskId: task.id });
    tasks.push({ id: task.id, name: taskName });
  }
  const visit = await api.post('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
  });
  return { property: { id: property.id, name: `${name} ${suffix}` }, tasks, visit };
}

/** Uploads a small PNG photo attached to a record, as the signed-in user. */
export async function uploadPhoto(
  request: APIRequestContext,
  baseURL: string,
  attach: { type: string; id: string },
  caption = 'A photo',
): Promise<{ id: string }> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#4a7' } })
    .png()
    .toBuffer();
  const response = await request.post(`${baseURL}/api/photos`, {
    headers: { origin: baseURL },
    multipart: {
      caption,
      attachableType: attach.type,
      attachableId: attach.id,
      file: { name: 'photo.png', mimeType: 'image/png', buffer },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/**
 * `member` joins the workspace of `owner` (the request contexts' users; both verified)
 * with `role`, by an invitation accepted through the API. Answers the workspace's id.
 */
export async function joinWorkspace(
  owner: APIRequestContext,
  member: APIRequestContext,
  baseURL: string,
  role: 'owner' | 'manager' | 'technician' = 'technician',
): Promise<string> {
  const headers = { origin: baseURL };
  const me = (await (await owner.get(`${baseURL}/api/me`)).json()) as { workspace: { id: string } };
  const memberMe = (await (await member.get(`${baseURL}/api/me`)).json()) as { email: string };
  const invited = await owner.post(`${baseURL}/api/workspaces/${me.workspace.id}/invitations`, {
    data: { email: memberMe.email, role },
    headers,
  });
  expect(invited.status(), await invited.text()).toBe(202);
  const { items } = (await (await member.get(`${baseURL}/api/invitations`)).json()) as {
    items: { id: string; workspaceId: string }[];
  };
  const invitation = items.find((item) => item.workspaceId === me.workspace.id);
  expect(invitation, 'the invitation reached the member').toBeTruthy();
  const accepted = await member.post(`${baseURL}/api/invitations/${invitation!.id}/accept`, { headers });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return me.workspace.id;
}
