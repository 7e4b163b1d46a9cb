// Sharing a version for comments: the student's links, the reader's page's calls, the comments on the
// student's side, and the hourly end of expired links. The comments' anchors and contract are shared with the
// browser (src/common/comments/).
import type { ServerStage } from '../../stage.ts';
import { commentRoutes } from './commentRoutes.ts';
import { sharesData } from './data.ts';
import { startEndingExpiredLinks } from './endedLinks.ts';
import * as sharesTables from './migrations/011_shares_tables.ts';
import { readerRoutes } from './readerRoutes.ts';
import { shareRoutes } from './shareRoutes.ts';

export const sharesStage: ServerStage = {
  name: 'shares',
  data: sharesData,
  migrations: [sharesTables],
  register: async (app, { db, clock, config }) => {
    await app.register(shareRoutes, { db, clock });
    await app.register(commentRoutes, { db, clock });
    await app.register(readerRoutes, { db, clock, secure: config.publicUrl.startsWith('https:') });
    app.addHook('onClose', startEndingExpiredLinks({ db, clock, log: app.log }));
  },
};
