import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passingProfile, storeStep } from './fixtures.ts';
import { renderWizard } from './renderWizard.tsx';

const openStep3 = () => {
  storeStep(2);
  const profile = passingProfile();
  return renderWizard({ wizard: { ...profile, collegeGoals: { collegeTypes: [], specificColleges: [] } } });
};
const collegeInput = () => screen.getByRole('textbox', { name: /specific colleges/i });
const collegeStatus = () => within(collegeInput().closest('.ui-field') as HTMLElement).getByRole('status');
const colleges = (store: ReturnType<typeof openStep3>['store']) => store.getState().wizard.collegeGoals.specificColleges;

describe('Step 3: college goals', () => {
  it('offers every college type as a checkbox in a named group', async () => {
    const { user, store } = openStep3();
    const group = screen.getByRole('group', { name: /types of colleges/i });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(7);
    await user.click(within(group).getByRole('checkbox', { name: 'State College' }));
    expect(store.getState().wizard.collegeGoals.collegeTypes).toEqual(['State College']);
  });

  it('adds a trimmed name with Enter or the Add button, and clears the box', async () => {
    const { user, store } = openStep3();
    await user.type(collegeInput(), '  Stanford University  {Enter}');
    expect(collegeInput()).toHaveValue('');
    await user.type(collegeInput(), 'MIT');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(colleges(store)).toEqual(['Stanford University', 'MIT']);
    expect(collegeInput()).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Colleges you added' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      ['Stanford University×', 'MIT×'],
    );
  });

  it('says why nothing was added: empty or duplicate', async () => {
    const { user, store } = openStep3();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(collegeStatus()).toHaveTextContent('Type a college name first.');
    await user.type(collegeInput(), '   {Enter}');
    expect(collegeStatus()).toHaveTextContent('Type a college name first.');
    await user.type(collegeInput(), 'Yale{Enter}');
    await user.type(collegeInput(), ' yale {Enter}');
    expect(collegeStatus()).toHaveTextContent('yale is already on your list.');
    expect(collegeInput()).toHaveAccessibleDescription(/already on your list/);
    expect(colleges(store)).toEqual(['Yale']);
  });

  it('removes a college with a button that names it', async () => {
    const { user, store } = openStep3();
    await user.type(collegeInput(), 'Yale{Enter}');
    await user.type(collegeInput(), 'Brown{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove Yale' }));
    expect(colleges(store)).toEqual(['Brown']);
    expect(collegeStatus()).toHaveTextContent('Removed Yale.');
    expect(collegeInput()).toHaveFocus();
  });
});
