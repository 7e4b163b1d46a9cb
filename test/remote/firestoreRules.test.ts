// The rules cannot run here (the Firestore emulator needs Java 21 and a download), so this guards their text:
// every grant is for the caller's own forms/{uid} and its versions, and nothing else is matched. fakeFirebase.ts enforces the
// same rule in the adapter's tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const remoteDir = join(process.cwd(), 'src', 'remote');
const rules = readFileSync(join(remoteDir, 'firestore.rules'), 'utf8').replace(/\/\/.*$/gm, '');

describe('src/remote/firestore.rules', () => {
  it("grants each uid its own forms/{uid} document and versions only", () => {
    expect([...rules.matchAll(/match\s+(\S+)/g)].map((match) => match[1])).toEqual(['/databases/{database}/documents', '/forms/{uid}', '/versions/{versionId}']);
    const grants = [...rules.matchAll(/allow\s+([^:]+):\s*if\s+([^;]+);/g)].map((match) => [match[1]?.trim(), match[2]?.replace(/\s+/g, ' ').trim()]);
    const owner = 'request.auth != null && request.auth.uid == uid';
    expect(grants).toEqual([
      ['read, write', owner],
      ['read, delete', owner],
      ['create', `${owner} && validVersion(versionId, request.resource.data)`],
      ['update', `${owner} && validVersion(versionId, request.resource.data) && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['storedAt'])`],
    ]);
  });

  it('lets a version hold only its own fields, each bounded', () => {
    const body = /function validVersion\(versionId, data\) \{\s*return ([^;]+);/.exec(rules)?.[1]?.replace(/\s+/g, ' ');
    expect(body).toContain("data.keys().hasOnly(['essayKey', 'at', 'kind', 'text', 'storedAt', 'coach'])");
    expect(body).toContain("versionId.matches('[A-Za-z0-9_-]{8,64}')");
    expect(body).toContain("data.essayKey.matches('(coach-)?(personal|supplemental-[0-9a-f]{16})')");
    expect(body).toContain('data.text.size() <= 20000');
    expect(body).toContain("data.kind in ['generated', 'edited', 'coach']");
    expect(body).toContain('data.storedAt == request.time');
    // A coach revision: kind coach exactly under coach- keys, with coach data of its own bounded shape.
    expect(body).toContain("(data.kind == 'coach') == data.essayKey.matches('coach-.*')");
    expect(body).toContain("(data.kind == 'coach') == ('coach' in data)");
    expect(body).toContain("(!('coach' in data) || validCoachData(data.coach))");
    const coach = /function validCoachData\(coach\) \{\s*return ([^;]+);/.exec(rules)?.[1]?.replace(/\s+/g, ' ');
    expect(coach).toBe("coach is map && coach.keys().hasOnly(['rulesVersion', 'comments']) && coach.rulesVersion is int && coach.rulesVersion >= 1 && coach.comments is list && coach.comments.size() <= 12");
  });

  it('is the rules file firebase.json deploys', () => {
    const config = JSON.parse(readFileSync(join(remoteDir, 'firebase.json'), 'utf8')) as { firestore: { rules: string } };
    expect(config.firestore.rules).toBe('firestore.rules');
  });
});
