// The operator's dashboard's calls, as an RTK Query API slice: its request state (loading, data, errors,
// refetching after a change) lives in the store under `adminApi`, and the pages use its hooks. Every call goes
// through the typed client (apiRequest), so answers are still checked against the contract, with the
// operator's token as a header. The token is kept in sessionStorage, so it lives as long as this browser tab
// and no longer, and never enters the store. The slice joins the store when the dashboard's chunk loads
// (router.tsx), so the student's pages never carry it.
import { createAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiRequest, downloadBlob, endpoints, toApiErrorValue } from '../../api/index.ts';
import type { ApiErrorValue, BodyOf, Endpoint, ResponseOf } from '../../api/index.ts';

const TOKEN_KEY = 'essay-studio-admin-token';

export const readToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const forgetToken = () => sessionStorage.removeItem(TOKEN_KEY);

const auth = (): Record<string, string> => {
  const token = readToken();
  return token === null ? {} : { authorization: `Bearer ${token}` };
};

type Call = { endpoint: Endpoint; body?: unknown; query?: Record<string, string | undefined> };

/** One call through the typed client; a failure is the ApiError's plain value, as thunks reject with. */
const typedClient: BaseQueryFn<Call, unknown, ApiErrorValue> = async ({ endpoint, body, query }, { signal }) => {
  try {
    return { data: await apiRequest(endpoint, { body: body as BodyOf<Endpoint>, query, signal, headers: auth() }) };
  } catch (error) {
    return { error: toApiErrorValue(error) };
  }
};

/** Fetches the CSV with the token header and saves it through a temporary object URL. */
async function saveCsv(file: CsvFile): Promise<void> {
  const blob = await downloadBlob(`/api/admin/export/${file}`, auth());
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: file });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type CsvFile = 'feedback.csv' | 'events.csv';
type Funnel = ResponseOf<typeof endpoints.adminFunnel>;
type Trends = ResponseOf<typeof endpoints.adminTrends>;
type Usage = ResponseOf<typeof endpoints.adminUsage>;
export type Overview = {
  funnel: Funnel['steps']; days: Trends['days']; revenue: ResponseOf<typeof endpoints.adminRevenue>; usage: Usage['counts'];
};

/** The dashboard was opened: the API slice's state appears in the store with this first action. */
export const adminDashboardOpened = createAction('admin/dashboardOpened');

export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: typedClient,
  tagTypes: ['Support'],
  endpoints: (build) => ({
    adminStatus: build.query<ResponseOf<typeof endpoints.adminStatus>, void>({ query: () => ({ endpoint: endpoints.adminStatus }) }),
    overview: build.query<Overview, void>({
      // Four calls side by side; the first failure is the overview's.
      async queryFn(_arg, _api, _extra, call) {
        const results = await Promise.all(
          [endpoints.adminFunnel, endpoints.adminTrends, endpoints.adminRevenue, endpoints.adminUsage].map((endpoint) => call({ endpoint })),
        );
        const failed = results.find((result) => result.error !== undefined);
        if (failed?.error) return { error: failed.error };
        const [funnel, trends, revenue, usage] = results.map((result) => result.data) as [Funnel, Trends, Overview['revenue'], Usage];
        return { data: { funnel: funnel.steps, days: trends.days, revenue, usage: usage.counts } };
      },
    }),
    feedback: build.query<ResponseOf<typeof endpoints.adminFeedback>, { type: string; rating: string }>({
      query: ({ type, rating }) => ({ endpoint: endpoints.adminFeedback, query: { type: type || undefined, rating: rating || undefined } }),
    }),
    support: build.query<ResponseOf<typeof endpoints.adminSupport>, string>({
      query: (q) => ({ endpoint: endpoints.adminSupport, query: { q } }),
      providesTags: ['Support'],
    }),
    setPlan: build.mutation<ResponseOf<typeof endpoints.adminSetPlan>, { uid: string; plan: 'free' | 'paid' }>({
      query: ({ uid, plan }) => ({ endpoint: endpoints.adminSetPlan, body: { uid, plan, reason: 'support view' } }),
      // The look-up shows the plan just changed.
      invalidatesTags: ['Support'],
    }),
    exportCsv: build.mutation<null, CsvFile>({
      async queryFn(file) {
        try {
          await saveCsv(file);
          return { data: null };
        } catch (error) {
          return { error: toApiErrorValue(error) };
        }
      },
    }),
  }),
});

export const {
  useAdminStatusQuery, useOverviewQuery, useFeedbackQuery, useSupportQuery, useSetPlanMutation, useExportCsvMutation,
} = adminApi;
