// The versions of a stage that keeps them by essay key (the supplemental answers, the coach's revisions),
// listed as the stages' version lists are (src/client-core/stage.ts).
import type { EssayVersion } from './essayVersions.ts';

export const keyedVersionList = (versions: Record<string, EssayVersion[]> | undefined) =>
  Object.entries(versions ?? {}).flatMap(([essayKey, list]) => list.map((version, index) => ({ essayKey, version, index })));
