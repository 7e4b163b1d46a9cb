import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INSIGHT_CHAR_LIMIT, WRITING_SAMPLE_CHAR_LIMIT } from '../../../src/common/limits/limits.ts';
import { INSIGHT_QUESTIONS } from '../../../src/common/questionnaire/questionnaire.ts';
import { passingProfile, storeStep } from './fixtures.ts';
import { renderWizard } from './renderWizard.tsx';

const openStep5 = () => {
  storeStep(4);
  return renderWizard({ wizard: passingProfile() });
};

describe('Step 5: personal insights', () => {
  it('labels each of the five questions and counts its characters out of 500', async () => {
    const { user, store } = openStep5();
    for (const question of Object.values(INSIGHT_QUESTIONS)) {
      const box = screen.getByRole('textbox', { name: question });
      // No native maxlength: it counts UTF-16 units, the limit counts code points.
      expect(box).not.toHaveAttribute('maxLength');
      expect(box).toHaveAccessibleDescription('0 of 500 characters');
    }
    const roleModel = screen.getByRole('textbox', { name: INSIGHT_QUESTIONS.roleModel });
    await user.type(roleModel, 'My aunt');
    expect(roleModel).toHaveAccessibleDescription('7 of 500 characters');
    expect(screen.getByText('7/500')).toBeVisible();
    expect(store.getState().wizard.personalInsights.roleModel).toBe('My aunt');
  });

  it('takes an optional writing sample with a title and a text counted out of 2000', async () => {
    const { user, store } = openStep5();
    expect(screen.getByRole('group', { name: /writing sample/i })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'On bridges');
    const text = screen.getByRole('textbox', { name: 'Text' });
    expect(text).not.toHaveAttribute('maxLength');
    fireEvent.change(text, { target: { value: 'w'.repeat(1999) } });
    expect(screen.getByText('1999/2000')).toBeInTheDocument();
    expect(text).toHaveAccessibleDescription('1999 of 2000 characters');
    expect(store.getState().wizard.personalInsights.writingSample).toEqual({ title: 'On bridges', text: 'w'.repeat(1999) });
  });

  it('counts an emoji as one character and keeps it whole when a paste reaches the limit', () => {
    const { store } = openStep5();
    const roleModel = screen.getByRole('textbox', { name: INSIGHT_QUESTIONS.roleModel });
    const answer = `${'a'.repeat(INSIGHT_CHAR_LIMIT - 1)}😀`;
    fireEvent.change(roleModel, { target: { value: `${answer} and more` } });
    expect(store.getState().wizard.personalInsights.roleModel).toBe(answer);
    expect(roleModel).toHaveAccessibleDescription('500 of 500 characters');
    const text = screen.getByRole('textbox', { name: 'Text' });
    fireEvent.change(text, { target: { value: '🌉'.repeat(WRITING_SAMPLE_CHAR_LIMIT + 5) } });
    expect(store.getState().wizard.personalInsights.writingSample.text).toBe('🌉'.repeat(WRITING_SAMPLE_CHAR_LIMIT));
    expect(text).toHaveAccessibleDescription('2000 of 2000 characters');
  });

  it('drops NUL from what is typed or pasted', () => {
    const { store } = openStep5();
    fireEvent.change(screen.getByRole('textbox', { name: INSIGHT_QUESTIONS.roleModel }), { target: { value: 'My\u0000 aunt' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'On\u0000 bridges' } });
    expect(store.getState().wizard.personalInsights.roleModel).toBe('My aunt');
    expect(store.getState().wizard.personalInsights.writingSample.title).toBe('On bridges');
  });
});
