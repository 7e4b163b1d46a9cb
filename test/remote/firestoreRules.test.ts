// The rules cannot run here (the Firestore emulator needs Java 21 and a download), so this guards their text:
// every grant is for the caller's own forms/{uid} and nothing else is matched. fakeFirebase.ts enforces the
// same rule in the adapter's tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const remoteDir = join(process.cwd(), 'src', 'remote');
const rules = readFileSync(join(remoteDir, 'firestore.rules'), 'utf8').replace(/\/\/.*$/gm, '');

describe('src/remote/firestore.rules', () => {
  it("grants each uid its own forms/{uid} document only", () => {
    expect([...rules.matchAll(/match\s+(\S+)/g)].map((match) => match[1])).toEqual(['/databases/{database}/documents', '/forms/{uid}']);
    const grants = [...rules.matchAll(/allow\s+([^:]+):\s*if\s+([^;]+);/g)].map((match) => [match[1]?.trim(), match[2]?.trim()]);
    expect(grants).toEqual([['read, write', 'request.auth != null && request.auth.uid == uid']]);
  });

  it('is the rules file firebase.json deploys', () => {
    const config = JSON.parse(readFileSync(join(remoteDir, 'firebase.json'), 'utf8')) as { firestore: { rules: string } };
    expect(config.firestore.rules).toBe('firestore.rules');
  });
});
