// `tsx test/server/firebase/installFirebaseTools.ts`: fills the firebase-tools cache ahead of the tests, so
// CI prints the install's time as its own phase (nothing happens when the cache is already there).
import { ensureFirebaseTools } from './firebaseTools.ts';

const started = Date.now();
const cli = ensureFirebaseTools((line) => console.log(line));
console.log(`firebase-tools ready at ${cli} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
