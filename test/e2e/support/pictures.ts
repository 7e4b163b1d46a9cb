// The page pictures a returning student's frame paints (src/app/frames/pagePicture.ts), as the journeys and the
// route bench look at them in the browser's localStorage.
import { type Page, expect } from '@playwright/test';
import { PICTURE_STAMPS_KEY, pictureKey } from '../../../src/app/frames/pagePictureFormat.ts';

/** Waits until the app has kept the picture of `pathAndQuery` with the stamps current now. */
export async function pictureKept(page: Page, pathAndQuery: string, timeout?: number): Promise<void> {
  await expect.poll(() => page.evaluate(({ key, stampsKey }) => {
    const picture = localStorage.getItem(key);
    const stamps = localStorage.getItem(stampsKey);
    return picture !== null && stamps !== null && JSON.stringify((JSON.parse(picture) as { stamps: unknown }).stamps) === stamps;
  }, { key: pictureKey(pathAndQuery), stampsKey: PICTURE_STAMPS_KEY }), { timeout }).toBe(true);
}

/** Removes the picture of `pathAndQuery`, as if the student had never seen that address. */
export async function forgetPicture(page: Page, pathAndQuery: string): Promise<void> {
  await page.evaluate((key) => localStorage.removeItem(key), pictureKey(pathAndQuery));
}
