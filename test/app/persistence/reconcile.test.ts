import { describe, expect, it } from 'vitest';
import { FORM_SECTIONS, changedSections } from '../../../src/app/persistence/formSections.ts';
import { planAdoption, sectionsWithContent } from '../../../src/app/persistence/reconcile.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import type { FormSection } from '../../../src/common/questionnaire/formDocument.ts';
import { fullDocument } from '../fixtures.ts';

const synced = (revision: number, dirty: FormSection[] = []) => ({ revision, dirty, resetPending: false });

describe('planAdoption', () => {
  it('keeps the sections edited here since the last sync and takes every other one from the remote', () => {
    const local = fullDocument();
    local.basicInfo = { fullName: 'Typed here', email: 'here@example.com' };
    const theirs = fullDocument();
    theirs.basicInfo = { fullName: 'Typed there', email: 'there@example.com' };
    theirs.collegeGoals = { collegeTypes: ['Ivy League'], specificColleges: ['Yale'] };
    const plan = planAdoption(local, synced(3, ['basicInfo']), { document: theirs, revision: 5 });
    expect(plan).toEqual({ take: { collegeGoals: theirs.collegeGoals }, revision: 5, dirty: ['basicInfo'], seen: { basicInfo: theirs.basicInfo } });
  });

  it('keeps the remote’s text of a questionnaire section both sides changed, to offer it back', () => {
    const before = fullDocument();
    const local = fullDocument();
    local.basicInfo = { fullName: 'Typed here', email: before.basicInfo.email };
    const theirs = fullDocument();
    theirs.basicInfo = { fullName: 'Typed there', email: before.basicInfo.email };
    const plan = planAdoption(local, synced(3, ['basicInfo']), { document: theirs, revision: 5 }, { basicInfo: before.basicInfo });
    expect(plan.take).toEqual({});
    expect(plan.dirty).toEqual(['basicInfo']);
    expect(plan.replaced).toEqual({ basicInfo: theirs.basicInfo });
  });

  it('offers nothing back where only this device changed the section, or for a "Start over" or an essay', () => {
    const before = fullDocument();
    const local = { ...fullDocument(), basicInfo: { fullName: 'Typed here', email: '' }, generatedEssay: 'Mine.' };
    const theirs = { ...fullDocument(), collegeGoals: { collegeTypes: ['Ivy League'], specificColleges: [] }, generatedEssay: 'Theirs.' };
    const kept = { basicInfo: before.basicInfo, generatedEssay: before.generatedEssay };
    expect(planAdoption(local, synced(3, ['basicInfo', 'generatedEssay']), { document: theirs, revision: 5 }, kept).replaced).toBeUndefined();
    const reset = { revision: 3, dirty: ['basicInfo' as const], resetPending: true };
    expect(planAdoption(local, reset, { document: { ...theirs, basicInfo: { fullName: 'There', email: '' } }, revision: 5 }, kept).replaced)
      .toBeUndefined();
  });

  it('takes only what differs, and never the sections not restored from the remote', () => {
    const local = fullDocument();
    const theirs = { ...fullDocument(), followUpQuestions: ['Other?'], supplementalEssays: [], generatedEssay: 'New essay.' };
    const plan = planAdoption(local, synced(1), { document: theirs, revision: 2 });
    expect(plan.take).toEqual({ generatedEssay: 'New essay.' });
  });

  it('reads a reset remote (null document) as empty sections, except where this device edited', () => {
    const local = fullDocument();
    const plan = planAdoption(local, synced(2, ['personalInsights']), { document: null, revision: 3 });
    const empty = emptyFormDocument();
    expect(plan.take.basicInfo).toEqual(empty.basicInfo);
    expect(plan.take.topicSuggestions).toEqual({});
    expect(plan.take).not.toHaveProperty('personalInsights');
    expect(plan.dirty).toEqual(['personalInsights']);
  });

  it('lets a "Start over" not yet sent win every section', () => {
    const plan = planAdoption(emptyFormDocument(), { revision: 1, dirty: [], resetPending: true }, {
      document: fullDocument(), revision: 2,
    });
    expect(plan.take).toEqual({});
    expect(plan.revision).toBe(2);
  });

  it('sends everything the device holds when the remote has nothing (a new session, or the first sync)', () => {
    const local = { ...emptyFormDocument(), basicInfo: { fullName: 'Maya', email: '' } };
    const plan = planAdoption(local, synced(4), { document: null, revision: 0 });
    expect(plan).toEqual({ take: {}, revision: 0, dirty: ['basicInfo'] });
    expect(planAdoption(emptyFormDocument(), synced(0), { document: null, revision: 0 }).dirty).toEqual([]);
  });

  it('takes nothing from a remote at the revision this device last saw: what differs was edited here, marked or not', () => {
    const local = fullDocument();
    const theirs = fullDocument();
    local.academics = { ...local.academics, gpa: '3.92' };
    local.basicInfo = { fullName: 'Typed here', email: 'here@example.com' };
    // basicInfo's edit was marked; academics' mark never reached the device copy.
    const plan = planAdoption(local, synced(3, ['basicInfo']), { document: theirs, revision: 3 });
    expect(plan).toEqual({ take: {}, revision: 3, dirty: ['basicInfo', 'academics'] });
    expect(planAdoption(fullDocument(), synced(3), { document: fullDocument(), revision: 3 })).toEqual({ take: {}, revision: 3, dirty: [] });
  });

  it('never lets an older remote copy erase a newer device copy', () => {
    const plan = planAdoption(fullDocument(), synced(9), { document: emptyFormDocument(), revision: 4 });
    expect(plan).toEqual({ take: {}, revision: 4, dirty: FORM_SECTIONS });
  });
});

describe('section helpers', () => {
  it('finds the sections a change touched by reference, and the sections that hold something', () => {
    const before = fullDocument();
    const after = { ...before, academics: { ...before.academics, gpa: '4.0' } };
    expect(changedSections(before, after)).toEqual(['academics']);
    expect(sectionsWithContent(emptyFormDocument())).toEqual([]);
    expect(sectionsWithContent({ ...emptyFormDocument(), generatedEssay: 'x' })).toEqual(['generatedEssay']);
  });
});
