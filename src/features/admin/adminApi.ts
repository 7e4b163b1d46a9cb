// The dashboard's calls: every one carries the operator's token as a header. The token is kept in
// sessionStorage, so it lives as long as this browser tab and no longer.
import { apiRequest, downloadBlob, endpoints } from '../../api/index.ts';

const TOKEN_KEY = 'essay-studio-admin-token';

export const readToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const forgetToken = () => sessionStorage.removeItem(TOKEN_KEY);

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const fetchAdminStatus = () => apiRequest(endpoints.adminStatus);

export async function fetchOverview(token: string) {
  const headers = auth(token);
  const [funnel, trends, revenue, usage] = await Promise.all([
    apiRequest(endpoints.adminFunnel, { headers }),
    apiRequest(endpoints.adminTrends, { headers }),
    apiRequest(endpoints.adminRevenue, { headers }),
    apiRequest(endpoints.adminUsage, { headers }),
  ]);
  return { funnel: funnel.steps, days: trends.days, revenue, usage: usage.counts };
}
export type Overview = Awaited<ReturnType<typeof fetchOverview>>;

export const fetchFeedback = (token: string, filter: { type?: string; rating?: string }) =>
  apiRequest(endpoints.adminFeedback, { headers: auth(token), query: { type: filter.type || undefined, rating: filter.rating || undefined } });

export const lookUp = (token: string, q: string) => apiRequest(endpoints.adminSupport, { headers: auth(token), query: { q } });

export const setPlan = (token: string, uid: string, plan: 'free' | 'paid') =>
  apiRequest(endpoints.adminSetPlan, { headers: auth(token), body: { uid, plan, reason: 'support view' } });

/** Fetches the CSV with the token header and saves it through a temporary object URL. */
export async function downloadCsv(token: string, file: 'feedback.csv' | 'events.csv') {
  const blob = await downloadBlob(`/api/admin/export/${file}`, auth(token));
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: file });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
