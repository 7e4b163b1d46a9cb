// What a server stage is: one folder under src/server/stages/ holding a flow stage's routes, its repository and
// migrations and its part of a student's data, listed once in src/server/stages.ts. The shared infrastructure (sessions, limits, lifecycle, the
// AI and payments ports) is built by app.ts and handed to every stage as its services; a stage takes what it uses.
import type { Kysely } from 'kysely';
import type { AiPort } from './ai/index.ts';
import type { App } from './appInstance.ts';
import type { Config } from './config.ts';
import type { Migration } from './db/migrations/index.ts';
import type { PlanReader } from './db/planReader.ts';
import type { StageData } from './db/studentData.ts';
import type { Database } from './db/schema.ts';
import type { ReturnOrigin } from './http/returnOrigin.ts';
import type { CheckoutDeps } from './payments/startCheckout.ts';
import type { AiGate } from './usage/aiGate.ts';

export interface StageServices {
  config: Config;
  db: Kysely<Database>;
  clock: () => Date;
  /** The AI engine behind its text budget (and its metrics when they are on). */
  ai: AiPort;
  /** The per-browser and per-network AI limits and the daily caps. */
  gate: AiGate;
  readPlan: PlanReader;
  checkout: CheckoutDeps;
  /** The origin a checkout returns to: the one the request came through, among the app's own. */
  returnOrigin: ReturnOrigin;
}

export interface ServerStage {
  /** The stage's name, as its folder is named. */
  readonly name: string;
  /** Registers the stage's routes; each declares its budget, or the app refuses it. */
  readonly register: (app: App, services: StageServices) => Promise<void>;
  /**
   * The stage's migrations, run with every other stage's in the order of their numbers. A new one is named
   * `<nnn>_<stage>_<what>`, takes the next free number when it lands and is never renumbered.
   */
  readonly migrations?: readonly Migration[];
  /** Its tables, and what "Download my data", "Delete my data" and the retention purge do with them. */
  readonly data?: StageData;
}
